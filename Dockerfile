# lost-cities serve in a container, built from this repository: compose.yaml runs two of them on one PostgreSQL
# and one Redis (see the README's "Several servers").
FROM python:3.12-slim
# psycopg, the PostgreSQL store's driver, is pure Python on the system's libpq
RUN apt-get update && apt-get install -y --no-install-recommends libpq5 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN pip install --no-cache-dir .
# not root; /data is the data folder, /shared the codes' key that the servers share (volumes in compose.yaml)
RUN useradd --create-home lost-cities && mkdir /data /shared && chown lost-cities /data /shared
USER lost-cities
ENV LOST_CITIES_DATA_DIR=/data
EXPOSE 8765
ENTRYPOINT ["lost-cities"]
CMD ["serve", "--host", "0.0.0.0"]
