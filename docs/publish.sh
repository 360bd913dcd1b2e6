#!/usr/bin/env bash
# Rebuilds the published folder out/ from cases/, with the commands its provenance files record:
# run (out/provenance.json), the confirmation with real filters and inside RocksDB for four cases
# (out/confirm-provenance.json), and the report (out/report-provenance.json).
# Usage, from the folder that holds cases/:  bash docs/publish.sh [JAR] [JAVA]
# (JAR defaults to target/monkey-eval.jar; in an unpacked bundle: bash docs/publish.sh monkey-eval.jar)
# --threads is pinned because confirm-provenance.json records it (the tables do not depend on it).
# `java -jar JAR verify` then checks the folder; .ci/run rebuilds it this way on a second JDK and
# compares the bytes.
set -euo pipefail
jar=${1:-target/monkey-eval.jar}
java=${2:-java}
"$java" -jar "$jar" run
"$java" -jar "$jar" confirm --threads 2 --layout standard,rocksdb,rocksdb-legacy,rocksdb-ribbon,pebble,leveldb,cassandra,xor8 --family-cases seed-10bpe,seed-16bpe,rocksdb-imported,tiering-4-l3 --engine rocksdb --engine-filters rocksdb,rocksdb-legacy,rocksdb-ribbon --engine-cases seed-10bpe,seed-0.5bpe,tiering-4-l3,rocksdb-imported
"$java" -jar "$jar" report
