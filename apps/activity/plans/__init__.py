"""Activity source plans (autodiscovered by apps.core): importing each module registers its plan."""

from apps.activity.plans import hearings, lda_filings, regulations_dot_gov_dockets, staff_directories  # noqa: F401
