from django.apps import AppConfig


class BillsConfig(AppConfig):
    name = "apps.bills"
    label = "bills"
    verbose_name = "Bills, bill text, public laws, SAPs"
