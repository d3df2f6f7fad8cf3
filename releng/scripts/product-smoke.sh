#!/usr/bin/env bash
# End-to-end check of the built product archive's headless CLI: a demo system in one process, `ls`
# in another, and the error paths a user meets first. Run it inside a private network namespace
# (run-tests.sh does). Ends with "smoke: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
product="product/target/products/org.ddstuner.product/linux/gtk/x86_64/ddstuner"
work="$(mktemp -d)"
trap 'kill "${demo_pid:-0}" 2>/dev/null; rm -rf "$work"' EXIT
pass=0; fail=0
check() { # name, then a command that must succeed
  local name="$1"; shift
  if "$@" > "$work/out" 2>&1; then pass=$((pass+1)); echo "ok   $name"
  else fail=$((fail+1)); echo "FAIL $name"; sed 's/^/     /' "$work/out" | tail -n 20; fi
}
archive="$(ls product/target/products/ddstuner-linux.gtk.x86_64.tar.gz 2>/dev/null)"
check "archive exists and unpacks with the start script, desktop file and icon" \
  bash -c "tar -tzf '$archive' | grep -q '^ddstuner/ddstuner$' && tar -tzf '$archive' | grep -q 'ddstuner.desktop' && tar -tzf '$archive' | grep -q 'ddstuner.png' && tar -tzf '$archive' | grep -q 'splash.png'"
check "the archive carries its own Java runtime (jre/, made by jlink: java and keytool executable, Java 25)" bash -c \
  "tar -tvzf '$archive' | grep -q '^-rwx.* ddstuner/jre/bin/java$' && tar -tvzf '$archive' | grep -q '^-rwx.* ddstuner/jre/bin/keytool$' && grep -q '^JAVA_VERSION=\"25' '$product/jre/release'"
check "version names the libddsc it loaded" bash -c "'$product/ddstuner' version | grep -q '^libddsc 0\.10\|^libddsc 1[0-9]'"
"$product/ddstuner" demo --duration 60 > "$work/demo.out" 2>&1 &
demo_pid=$!
check "demo prints READY" bash -c "for i in \$(seq 100); do grep -q READY '$work/demo.out' && exit 0; sleep 0.1; done; cat '$work/demo.out'; exit 1"
check "the CLI runs on the product's runtime, not a JDK (the demo's JVM is jre/bin/java)" bash -c \
  "[ \"\$(readlink /proc/$demo_pid/exe)\" = \"\$(cd '$product' && pwd)/jre/bin/java\" ] || { echo \"runs on \$(readlink /proc/$demo_pid/exe)\"; exit 1; }"
check "ls sees the demo's topics and participants (exit 0)" \
  "$product/ddstuner" ls --domain 77 --wait 10 --expect-topic SensorReadings --expect-topic Commands --expect-participant SensorHub
check "ls --json is valid JSON with the demo participants" bash -c \
  "'$product/ddstuner' ls --domain 77 --wait 2 --json | python3 -c 'import json,sys; d=json.load(sys.stdin); names=[p.get(\"name\") for p in d[\"participants\"]]; assert \"SensorHub\" in names, names'"
check "ps groups by host and process" bash -c "'$product/ddstuner' ps --domain 77 --wait 2 | grep -q SensorHub"
check "unmet --expect-topic exits 1" bash -c "'$product/ddstuner' ls --domain 77 --wait 1 --expect-topic NoSuchTopic; test \$? = 1"
printf 'module demo {\n  struct SensorReading { @key long sensor_id; double value; string unit; long long seq; };\n};\n' > "$work/demo.idl"
check "typeof without --idl learns the demo's type over the wire (the demo process announces type information)" bash -c \
  "'$product/ddstuner' typeof SensorReadings --domain 77 --wait 10 > '$work/typeof.out' && grep -q '^// source: over the wire' '$work/typeof.out' && grep -q '@key long sensor_id;' '$work/typeof.out' || { cat '$work/typeof.out'; exit 1; }"
check "typeof --idl prints the demo's type declared in the imported IDL" bash -c \
  "'$product/ddstuner' typeof SensorReadings --domain 77 --wait 10 --idl '$work/demo.idl' | grep -q '@key long sensor_id;'"
check "typeof --json and ps --json are JSON documents (Jackson on the CLI's class path)" bash -c \
  "'$product/ddstuner' typeof SensorReadings --domain 77 --wait 10 --idl '$work/demo.idl' --json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert \"@key long sensor_id;\" in d[\"idl\"] and d[\"attempts\"], d' && '$product/ddstuner' ps --domain 77 --wait 2 --json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d[\"hosts\"], d'"
check "subscribe --json --count 3 prints the demo's samples, one JSON object per line" bash -c \
  "'$product/ddstuner' subscribe SensorReadings --domain 77 --wait 10 --idl '$work/demo.idl' --json --count 3 --timeout 20 | python3 -c 'import json,sys; v=[json.loads(l)[\"value\"] for l in sys.stdin]; assert len(v) == 3 and all(x[\"unit\"] == \"degC\" for x in v), v'"
check "typeof an unknown topic exits 1" bash -c "'$product/ddstuner' typeof NoSuchTopic --domain 77 --wait 1 2>/dev/null; test \$? = 1"
printf '<CycloneDDS>\n  <Domain>\n</CycloneDDS>\n' > "$work/bad.xml"
check "malformed config XML: exit 3 with line and column" bash -c \
  "'$product/ddstuner' ls --config '$work/bad.xml' --wait 0 2> '$work/err'; test \$? = 3 && grep -q 'line 3' '$work/err'"
printf '<CycloneDDS>\n  <Domain>\n    <Foo>1</Foo>\n  </Domain>\n</CycloneDDS>\n' > "$work/rejected.xml"
check "well-formed config Cyclone rejects: exit 3 with Cyclone's reason" bash -c \
  "'$product/ddstuner' ls --config '$work/rejected.xml' --wait 0 2> '$work/err'; test \$? = 3 && grep -qF 'Cyclone rejected the configuration: config: //CycloneDDS/Domain: Foo: unknown element (line 3)' '$work/err'"
java17="$(ls -d /usr/lib/jvm/java-17-openjdk-*/bin/java 2>/dev/null | head -n 1)"
if [ -n "$java17" ]; then
  check "a Java older than 25 (DDSTUNER_JAVA, Java 17): exit 3 saying Java 25 is needed" bash -c \
    "DDSTUNER_JAVA='$java17' '$product/ddstuner' version 2> '$work/err'; test \$? = 3 && grep -q 'is Java 17; DDS Tuner needs Java 25 or newer' '$work/err'"
fi
check "DDSTUNER_JAVA that is no executable: exit 3 naming it" bash -c \
  "DDSTUNER_JAVA=/nonexistent/java '$product/ddstuner' version 2> '$work/err'; test \$? = 3 && grep -q 'DDSTUNER_JAVA=/nonexistent/java is not an executable' '$work/err'"
check "missing libddsc: exit 3 naming the package" bash -c \
  "DDSTUNER_LIBDDSC=/nonexistent/libddsc.so '$product/ddstuner' version 2> '$work/err'; test \$? = 3 && grep -q libddsc0debian '$work/err'"
check "unknown option: exit 2" bash -c "'$product/ddstuner' ls --bogus 2>/dev/null; test \$? = 2"
product_abs="$(cd "$product" 2>/dev/null && pwd)"
check "--help and --version answer as the CLI, without a display" bash -c \
  "env -u DISPLAY -u WAYLAND_DISPLAY '$product/ddstuner' --help | grep -q 'pother-run' && env -u DISPLAY -u WAYLAND_DISPLAY '$product/ddstuner' --version | grep -q '^libddsc '"
check "the desktop without a display: exit 3 saying it needs one and pointing at the CLI" bash -c \
  "env -u DISPLAY -u WAYLAND_DISPLAY '$product/ddstuner' 2> '$work/err'; test \$? = 3 && grep -q 'the desktop needs a display' '$work/err' && grep -q help '$work/err'"
check "install-desktop writes an entry with this install's absolute paths (no Java needed)" bash -c \
  "XDG_DATA_HOME='$work/xdg' DDSTUNER_JAVA=/nonexistent '$product/ddstuner' install-desktop >/dev/null && grep -qx 'Exec=\"$product_abs/ddstuner\"' '$work/xdg/applications/ddstuner.desktop' && grep -qx 'StartupWMClass=DDS Tuner' '$work/xdg/applications/ddstuner.desktop' && test -s '$work/xdg/icons/hicolor/256x256/apps/ddstuner.png'"
check "the archive's man pages render (one per command) and install-desktop installed them and the completion" bash -c \
  "test -s '$work/xdg/man/man1/ddstuner-subscribe.1' && test -s '$work/xdg/bash-completion/completions/ddstuner' && for c in ls ps demo typeof subscribe publish pother pother-run pother-runs pother-agents qos qos-caps qos-show qos-set qos-override version; do MANWIDTH=100 man -l '$product/share/man/man1/ddstuner-'\$c.1 2>&1 | grep -q '^OPTIONS' || { echo \"ddstuner-\$c.1 does not render\"; exit 1; }; done"
check "the completion script completes sub-commands in bash" bash -c \
  "source '$product/share/bash-completion/completions/ddstuner' 2>/dev/null; COMP_WORDS=(ddstuner pother-r); COMP_CWORD=1; COMP_LINE='ddstuner pother-r'; COMP_POINT=17; _complete_ddstuner ddstuner pother-r 2>/dev/null; [ \"\${COMPREPLY[*]}\" = 'pother-run pother-runs' ] || { echo \"got: \${COMPREPLY[*]}\"; exit 1; }"
check "a typo: exit 2 with a suggestion" bash -c \
  "'$product/ddstuner' subscrbe T 2> '$work/err'; test \$? = 2 && grep -q 'Did you mean: ddstuner subscribe' '$work/err'"
# the splash names the release (0.10.0), not the build qualifier, which changes with every build
check "the splash image was drawn for this version (MakeSplash.java's text chunk = ddstuner version without the qualifier)" bash -c \
  "v=\$('$product/ddstuner' version | sed -n '1s/^DDS Tuner \\([0-9]*\\.[0-9]*\\.[0-9]*\\).*/\\1/p'); [ -n \"\$v\" ] && grep -aqF \"DDS Tuner \$v\" '$product/splash.png' || { echo \"splash.png is not for version \$v: java releng/scripts/MakeSplash.java ICON \$v OUT\"; exit 1; }"
# The start-up splash (the JVM's -splash window, "Java" of splash.png's size): shown by the desktop start,
# gone once the workbench window is up, never shown by the CLI. Own Xvfb each; no CDS recording (cache).
read -r sw sh < <(od -An -tu4 --endian=big -j16 -N8 "$product/splash.png")
cat > "$work/windows.sh" <<EOF2
# viewable PATTERN: whether a viewable top-level window's xwininfo line matches the grep -E pattern
viewable() { local id; for id in \$(xwininfo -root -tree | grep -E "\$1" | awk '{print \$1}'); do
  xwininfo -id "\$id" | grep -q IsViewable && return 0; done; return 1; }
splash='"Java": \\(.*\\) +${sw}x${sh}\\+'
EOF2
check "desktop start shows the splash, and closes it once the workbench window is up" timeout 120 \
  xvfb-run -a -s "-screen 0 1400x900x24" bash -c "source '$work/windows.sh'
    DDSTUNER_CDS=off DDSTUNER_WORKSPACE='$work/ws' DDSTUNER_JVM_ARGS=-Dddstuner.autoconnect=false '$product/ddstuner' >'$work/desktop.out' 2>&1 &
    p=\$!; seen=no
    for i in \$(seq 900); do
      viewable \"\$splash\" && seen=yes
      viewable '\"DDS Tuner' && break
      sleep 0.1
    done
    sleep 1; viewable '\"DDS Tuner'; up=\$?; viewable \"\$splash\"; still=\$?
    kill \$p; wait \$p
    echo splash_seen=\$seen workbench_up=\$up splash_still_shown=\$still
    [ \$seen = yes ] && [ \$up = 0 ] && [ \$still = 1 ]"
check "the CLI shows no splash even with a display" timeout 60 \
  xvfb-run -a -s "-screen 0 1400x900x24" bash -c "source '$work/windows.sh'
    '$product/ddstuner' demo --domain 48 --duration 4 >'$work/cli.out' 2>&1 & p=\$!
    for i in \$(seq 30); do viewable '\"Java\"' && { echo 'a Java window appeared'; kill \$p; exit 1; }; sleep 0.1; done
    wait \$p"

echo "smoke: $pass passed, $fail failed"
[ "$fail" = 0 ]
