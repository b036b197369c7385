# Shared helpers for scripts/*; source it, don't run it.

# Repository root (the directory above scripts/).
STRATA_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Spark version from the root pom's <spark.version> property: the one place it is pinned.
strata_spark_version() {
  local v
  v="$(sed -n 's:.*<spark\.version>\([^<]*\)</spark\.version>.*:\1:p' "$STRATA_REPO/pom.xml" | head -n 1)"
  [[ -n "$v" ]] || { echo "cannot read <spark.version> from $STRATA_REPO/pom.xml" >&2; return 1; }
  echo "$v"
}

# Project version from the root pom (the first <version> after </modelVersion>).
strata_project_version() {
  sed -n '/<\/modelVersion>/,/<\/version>/s:.*<version>\([^<]*\)</version>.*:\1:p' \
    "$STRATA_REPO/pom.xml" | head -n 1
}

# JVM options the root pom's <surefire.jvm.args> gives Spark on Java 17 (module opens).
strata_surefire_jvm_args() {
  local v
  v="$(sed -n 's:.*<surefire\.jvm\.args>\([^<]*\)</surefire\.jvm\.args>.*:\1:p' "$STRATA_REPO/pom.xml" | head -n 1)"
  [[ -n "$v" ]] || { echo "cannot read <surefire.jvm.args> from $STRATA_REPO/pom.xml" >&2; return 1; }
  echo "$v"
}

strata_venv() { echo "${STRATA_VENV:-$STRATA_REPO/.venv}"; }

# Java 17 unless the caller chose a JAVA_HOME already.
strata_java_home() {
  if [[ -z "${JAVA_HOME:-}" && -d /usr/lib/jvm/java-17-openjdk-amd64 ]]; then
    export JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64
  fi
}
