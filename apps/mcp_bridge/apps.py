from django.apps import AppConfig


class McpBridgeConfig(AppConfig):
    name = "apps.mcp_bridge"
    label = "mcp_bridge"
    verbose_name = "MCP endpoint"
