"""PostgreSQL through Django's pool, each connection looked at as it leaves the pool."""
