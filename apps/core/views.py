from django.shortcuts import render

from apps.core.services.sources import sources_list


def home(request):
    """The landing page: where everything is, and what data is loaded."""
    return render(request, "home.html", {"sources": sources_list()})
