from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"
    label = "core"
    verbose_name = "Josh core: ingest runs and sources"

    def ready(self):
        from apps.core import checks, plans, resources  # noqa: F401  (importing checks registers them)

        plans.autodiscover()
        resources.autodiscover()  # after the plans: a resource may name a plan's source
        from apps.core import source_operations

        source_operations.register()

        # Every statement a request runs is under the public time limit (apps.core.db.timelimit).
        from django.core.signals import request_finished, request_started

        from apps.core.db import timelimit

        request_started.connect(timelimit.on_request_started, dispatch_uid="josh-timelimit-start")
        request_finished.connect(timelimit.on_request_finished, dispatch_uid="josh-timelimit-finish")
