#!/usr/bin/env bash
# Prints the home of a Java >= 25 (JAVA_HOME first, then the usual install places), or explains and fails.
set -euo pipefail
for home in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/java-25-openjdk-amd64 \
            /usr/lib/jvm/temurin-26-jdk-amd64 /usr/lib/jvm/*; do
  [ -n "$home" ] && [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || continue
  v="$("$home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p')"
  if [ -n "$v" ] && [ "$v" -ge 25 ]; then echo "$home"; exit 0; fi
done
echo "DDS Tuner needs a JDK 25 or newer (e.g. Temurin 25 in /usr/lib/jvm/temurin-25-jdk-amd64)." >&2
echo "Install one and set JAVA_HOME to it." >&2
exit 3
