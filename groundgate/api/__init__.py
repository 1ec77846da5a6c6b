"""The REST API (DRF): thin views over the services; OpenAPI via drf-spectacular."""
