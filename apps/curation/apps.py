from django.apps import AppConfig


class CurationConfig(AppConfig):
    name = "apps.curation"
    verbose_name = "Curation: corrections, review flags, runs, data quality"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.db.models.signals import post_migrate

        from apps.core import overrides
        from apps.core.services import writer_lock
        from apps.curation import permissions, queue, review_admin, services

        # after auth's own post_migrate handler (django.contrib.auth is installed first) made the permissions
        post_migrate.connect(permissions.grant_record_views, dispatch_uid="curation.grant_record_views")

        overrides.register_provider(services.PROVIDER)
        services.connect_signals()
        # Curators' changes queued while an ingest or embed wrote are applied by it as it lets go of the lock.
        writer_lock.on_release(queue.try_apply)
        assert review_admin.CorrectionToReviewAdmin  # registered on import: the curators' review queue
