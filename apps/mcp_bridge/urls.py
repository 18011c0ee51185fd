from django.urls import path

from apps.mcp_bridge import views

urlpatterns = [
    path("mcp", views.landing, name="mcp-landing"),
    path("mcp/", views.landing),
    path(".well-known/oauth-protected-resource", views.protected_resource, name="mcp-resource-metadata"),
    path(".well-known/oauth-protected-resource/mcp", views.protected_resource),
    path(".well-known/mcp/server.json", views.server_json, name="mcp-server-json"),
]
