from django.apps import AppConfig


class DocumentsConfig(AppConfig):
    name = "apps.documents"
    label = "documents"
    verbose_name = "Documents: reports, rules, records"

    def ready(self):
        from apps.documents.ids import register_kinds

        register_kinds()
