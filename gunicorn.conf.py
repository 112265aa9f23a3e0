"""gunicorn's settings for this site: `make serve` and every test that starts gunicorn.

Which forwarded headers to believe is decided in one place, the Django settings:
``TRUST_X_FORWARDED_PROTO`` (``X-Forwarded-Proto``, through ``SECURE_PROXY_SSL_HEADER``) and
``TRUSTED_PROXY_COUNT`` (``X-Forwarded-For``, battleship_site/addresses.py). gunicorn would
otherwise make a request HTTPS on its own when one from 127.0.0.1 says ``X-Forwarded-Proto``,
``X-Forwarded-Ssl`` or ``X-Forwarded-Protocol``, whatever those settings say: so that any
client on the machine could pass a plain request off as a secure one. It trusts none.
"""

forwarded_allow_ips = ""
secure_scheme_headers: dict[str, str] = {}

# A worker still busy with one request after this long is killed and the player gets a bare
# 500. The site's own limits on waiting for the database and Redis are well below it
# (the DATABASE_* settings and REDIS_TIMEOUT), so an outage is the site's 503 instead.
timeout = 30

# gunicorn's control socket (one path for every gunicorn of a user, ~/.gunicorn/gunicorn.ctl)
# is not used here: with it, two servers on one machine (a deploy's old and new, or the
# tests' servers side by side) would take it from each other.
control_socket_disable = True
