# syntax=docker/dockerfile:1
# The server in a container (docs/server.md, "A container"): the wheel is built once, with the
# rules compiled by mypyc, in a stage with a compiler; the runtime image has Python, the wheels
# installed and nothing else, and runs as a user without root.
#   docker build -t tabletop .
#   docker run -p 8000:8000 -v tabletop-data:/srv/tabletop/data tabletop
ARG PYTHON_VERSION=3.11

FROM python:${PYTHON_VERSION}-slim-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY tabletop ./tabletop
# the project's wheel (its build requirements, mypy for mypyc, come from pyproject.toml), then
# a wheel for every dependency, so the runtime stage installs from this folder alone
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels . \
    && python -c "import glob, sys, zipfile; \
names = zipfile.ZipFile(glob.glob('/wheels/tabletop-*.whl')[0]).namelist(); \
sys.exit(0 if any(n.endswith('.so') for n in names) else 'the wheel has no compiled rules')" \
    && pip wheel --no-cache-dir --wheel-dir /wheels /wheels/tabletop-*.whl

FROM python:${PYTHON_VERSION}-slim-bookworm
RUN useradd --system --uid 10001 --user-group --home-dir /srv/tabletop --create-home tabletop \
    && mkdir /srv/tabletop/data && chown tabletop:tabletop /srv/tabletop/data
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    pip install --no-cache-dir --no-index --find-links /wheels tabletop
ENV PYTHONUNBUFFERED=1 \
    MPLCONFIGDIR=/tmp/matplotlib
USER tabletop
WORKDIR /srv/tabletop
VOLUME /srv/tabletop/data
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["tabletop", "serve", "--host", "0.0.0.0", "--port", "8000"]
CMD ["--db", "sqlite:////srv/tabletop/data/tabletop.db", "--log-format", "json"]
