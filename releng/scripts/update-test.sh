#!/usr/bin/env bash
# Update test (issue 13): a product of version A updates itself from a p2 repository of version B in a
# local folder (file: URL), starts again and reports B.
#   A = the built product (product/target/products/…/ddstuner, copied to a temp folder first: the build's
#       output stays as it was).
#   B = a second small Tycho build of the same sources in a temp copy: the cli and ui bundles, the feature
#       and the product with a higher build qualifier (A's + "b"); the other bundles come from A's build in
#       ~/.m2 (so build A with `install`, as run-tests.sh does). Its product/target/repository is the site.
# The update runs the product's own headless application (the code path of Help → Check for Updates:
# org.ddstuner.update.Updater on p2's UpdateOperation). Needs no display and no network (-o, file: URLs).
# Usage: releng/scripts/update-test.sh [A_PRODUCT_DIR]. Ends with "update: N passed, N failed" and the time.
set -uo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
start=$SECONDS
a_built="${1:-product/target/products/org.ddstuner.product/linux/gtk/x86_64/ddstuner}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
pass=0; fail=0
check() { # name, then a command that must succeed
  local name="$1"; shift
  if "$@" > "$work/out" 2>&1; then pass=$((pass+1)); echo "ok   $name"
  else fail=$((fail+1)); echo "FAIL $name"; sed 's/^/     /' "$work/out" | tail -n 30; fi
}
finish() { echo "update: $pass passed, $fail failed ($((SECONDS - start)) s)"; [ "$fail" = 0 ]; exit $?; }
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
java="$JAVA_HOME/bin/java"

cp -a "$a_built" "$work/A"
A="$work/A"
# the headless update application of the installed product, as a person on a server host would run it
updater() { (cd "$A" && "$java" --enable-native-access=ALL-UNNAMED -jar plugins/org.eclipse.equinox.launcher_*.jar \
  -nosplash -data "$work/ws" -application org.ddstuner.update.headless "$@"); }
# A's qualifier: the product IU's in A's p2 profile (in one build all bundles share it); B's is higher
qa="$(updater version | sed -n 's/^VERSION product [0-9]*\.[0-9]*\.[0-9]*\.\(.*\)$/\1/p')"
qb="${qa}b"
check "product A is installed with p2 metadata (profile, bundles.info), product qualifier $qa" \
  bash -c "test -n '$qa' && test -d '$A/p2/org.eclipse.equinox.p2.engine/profileRegistry' && test -s '$A/configuration/org.eclipse.equinox.simpleconfigurator/bundles.info' && '$A/ddstuner' --version | grep -q '^DDS Tuner 0\.[0-9]*\.[0-9]*\.[0-9]'"
[ "$fail" = 0 ] || finish

# UPDATE_TEST_B_SITE=DIR keeps B's repository there and uses it again next time (for working on this script)
if [ -n "${UPDATE_TEST_B_SITE:-}" ] && [ -f "$UPDATE_TEST_B_SITE/content.jar" ]; then
  site="$UPDATE_TEST_B_SITE"
  qb="$(unzip -p "$site/content.jar" content.xml | sed -n "s/.*id='org.ddstuner.product' version='[0-9.]*\.\([^']*\)'.*/\1/p" | head -n 1)"
  echo "== B ($qb): $site (UPDATE_TEST_B_SITE)"
else
echo "== build B ($qb) in a copy of the sources"
t0=$SECONDS
mkdir -p "$work/src"
(cd "$repo" && git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$work/src" 2>/dev/null)
mkdir -p "$work/src/bundles/org.ddstuner.agent/target" && cp -a "$repo/bundles/org.ddstuner.agent/target/native" "$work/src/bundles/org.ddstuner.agent/target/"
check "B builds (cli, ui, feature, product with qualifier $qb)" bash -c "cd '$work/src' && ./mvnw -B -q -o verify -DskipTests -Dddstuner.products.phase=none -Dddstuner.archive.phase=none \
  -Dtycho.localArtifacts=include -DforceContextQualifier=$qb \
  -pl releng/org.ddstuner.target,bundles/org.ddstuner.cli,bundles/org.ddstuner.ui,features/org.ddstuner.feature,product"
echo "   B built in $((SECONDS - t0)) s"
site="$work/src/product/target/repository"
[ "$fail" = 0 ] || finish
if [ -n "${UPDATE_TEST_B_SITE:-}" ]; then rm -rf "$UPDATE_TEST_B_SITE"; cp -a "$site" "$UPDATE_TEST_B_SITE"; fi
fi

check "A looks at its own repository: up to date" bash -c "$(declare -f updater); A='$A' java='$java' work='$work'; \
  updater check 'file:$repo/product/target/repository' | tee /dev/stderr | grep -q '^UP-TO-DATE '"
check "A finds B on file:$site" bash -c "$(declare -f updater); A='$A' java='$java' work='$work'; \
  updater check 'file:$site' | tee /dev/stderr | grep -q '^AVAILABLE 0\.[0-9]*\.[0-9]*\.$qb installed 0\.[0-9]*\.[0-9]*\.$qa '"
t0=$SECONDS
check "A installs B (the site from DDSTUNER_UPDATE_SITE, as the desktop reads it)" bash -c "$(declare -f updater); A='$A' java='$java' work='$work'; \
  DDSTUNER_UPDATE_SITE='file:$site' updater update | tee /dev/stderr | grep -q '^UPDATED .*$qa -> .*$qb '"
echo "   update installed in $((SECONDS - t0)) s"
# started again: the framework runs B's bundles, the CLI uses B's jars (bundles.info), p2 sees nothing newer
check "restarted, the product reports B (p2 profile and running bundles)" bash -c "$(declare -f updater); A='$A' java='$java' work='$work'; \
  updater version | tee /dev/stderr > '$work/v' && grep -q '^VERSION product 0\.[0-9]*\.[0-9]*\.$qb\$' '$work/v' && grep -q '^VERSION bundle org.ddstuner.ui 0\.[0-9]*\.[0-9]*\.$qb\$' '$work/v' && grep -q '^VERSION bundle org.ddstuner.cli 0\.[0-9]*\.[0-9]*\.$qb\$' '$work/v'"
check "ddstuner --version reports B" bash -c "'$A/ddstuner' --version | tee /dev/stderr | grep -q '^DDS Tuner 0\.[0-9]*\.[0-9]*\.$qb\$'"
check "and the CLI still works after the update (ddstuner help)" bash -c "'$A/ddstuner' help | grep -q pother-run"
check "B is the newest on the site" bash -c "$(declare -f updater); A='$A' java='$java' work='$work'; \
  updater check 'file:$site' | tee /dev/stderr | grep -q '^UP-TO-DATE .*$qb '"
# Install and Restart ends the workbench with exit code 23; the java launcher jar only exits with it, so the
# start script must start the desktop again (a stand-in java records the starts: no display needed)
mkdir -p "$work/fakejdk/bin"
cat > "$work/fakejdk/bin/java" <<FAKE
#!/usr/bin/env bash
case "\$*" in *-XshowSettings*) echo "    java.specification.version = 25" >&2; exit 0 ;; esac
echo "\$*" >> "$work/starts"
[ "\$(wc -l < "$work/starts")" -ge 2 ] || exit 23
exit 0
FAKE
chmod +x "$work/fakejdk/bin/java"
check "the start script starts the desktop again after exit code 23 (restart), and only then" bash -c \
  "DISPLAY=:0 DDSTUNER_JAVA='$work/fakejdk/bin/java' DDSTUNER_CDS=off DDSTUNER_SPLASH=off '$A/ddstuner' && test \$(wc -l < '$work/starts') = 2 && grep -q -- '-jar .*org.eclipse.equinox.launcher_' '$work/starts'"
finish
