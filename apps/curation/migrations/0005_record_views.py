from django.db import migrations, router

# Editors and curators correct records, so they may view them: a record's admin page is where "Correct a
# field", "Flag for review" and each field's history start (docs/ACCESS.md "Corrections: roles"). View only:
# the data itself changes through ingests and corrections, never the record admin's forms. Every correctable
# record type (a CitedRecord) as of this migration; a type added later is granted after each migrate by
# apps.curation.permissions.grant_record_views (tests/hardening/test_curation_access.py checks every type).
RECORDS = {
    "registry": ["legislator", "committee", "committeemembership", "rollcallvote", "legislatorsocial"],
    "bills": ["bill", "billtextversion", "cbocostestimate", "committeereport", "publiclaw", "sap", "topic"],
    "documents": [
        "cfrsection",
        "crecgranule",
        "frdocument",
        "executiveorder",
        "hearingtranscript",
        "crsreport",
        "gaoreport",
        "uscsection",
    ],
    "activity": ["hearing", "lobbyingfiling", "docket", "regulatorydocument", "staffmember"],
}
GROUPS = ("editor", "curator")


def grant_record_views(apps, schema_editor):
    from django.apps import apps as global_apps
    from django.contrib.auth.management import create_permissions

    db = schema_editor.connection.alias
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    if not router.allow_migrate_model(db, Group):
        return  # the web-state database holds no users or groups
    for app in RECORDS:
        create_permissions(global_apps.get_app_config(app), apps=apps, verbosity=0, using=db)
    for name in GROUPS:
        group, _ = Group.objects.using(db).get_or_create(name=name)
        for app, model_names in RECORDS.items():
            codenames = [f"view_{m}" for m in model_names]
            perms = Permission.objects.using(db).filter(content_type__app_label=app, codename__in=codenames)
            assert perms.count() == len(codenames), (app, sorted(p.codename for p in perms))
            group.permissions.add(*perms)


def revoke_record_views(apps, schema_editor):
    db = schema_editor.connection.alias
    Group = apps.get_model("auth", "Group")
    if not router.allow_migrate_model(db, Group):
        return
    for group in Group.objects.using(db).filter(name__in=GROUPS):
        for app, model_names in RECORDS.items():
            group.permissions.remove(
                *group.permissions.filter(
                    content_type__app_label=app, codename__in=[f"view_{m}" for m in model_names]
                )
            )


class Migration(migrations.Migration):
    dependencies = [
        ("curation", "0004_drift_and_roles"),
        ("registry", "0005_legislator_caucus"),
        ("bills", "0008_citation_lookups"),
        ("documents", "0006_citation_lookups"),
        ("activity", "0003_lobbying_docket_mentions"),
    ]
    operations = [migrations.RunPython(grant_record_views, revoke_record_views)]
