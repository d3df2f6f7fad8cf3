#!/usr/bin/env bash
# Install test of the Debian package the build leaves in product/target/ddstuner_VERSION_amd64.deb (issue 13):
# as root, installs it with apt (a ddstuner installed before is purged first, so the test can run again),
# then on a machine with NO Java (every JDK hidden: an empty tmpfs over /usr/lib/jvm in a private mount
# namespace) and a minimal environment (env -i, PATH=/usr/bin:/bin, no JAVA_HOME) runs `ddstuner --version`,
# `ddstuner ls` on the demo and the remote agent (private network namespace: releng/scripts/netns-run.sh), and
# the desktop under Xvfb until its workbench window is up (screenshot in product/target/deb-install-test/);
# then removes and purges the package and checks that nothing is left. Also checks the runtime's modules
# against jdeps over the installed plugins. Ends with "deb-install: N passed, N failed" (exit 1 on a failure).
# Usage (root): releng/scripts/deb-install-test.sh [DEB]
set -uo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
[ "$(id -u)" = 0 ] || { echo "deb-install: needs root (apt-get install, mount and network namespaces)" >&2; exit 2; }
deb="${1:-$(ls -t product/target/ddstuner_*_amd64.deb 2>/dev/null | head -n 1)}"
[ -n "$deb" ] && [ -f "$deb" ] || { echo "deb-install: no product/target/ddstuner_*_amd64.deb: build it first (./mvnw -B verify -DskipTests)" >&2; exit 2; }
deb="$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")"
out="$repo/product/target/deb-install-test"
rm -rf "$out"; mkdir -p "$out"
work="$(mktemp -d)"; chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
pass=0; fail=0
check() { # name, then a command that must succeed
  local name="$1"; shift
  if "$@" > "$work/out" 2>&1; then pass=$((pass+1)); echo "ok   $name"
  else fail=$((fail+1)); echo "FAIL $name"; sed 's/^/     /' "$work/out" | tail -n 25; fi
}
apt_q() { DEBIAN_FRONTEND=noninteractive apt-get -y -q -o Dpkg::Use-Pty=0 "$@"; }

# Runs a command as a user of a machine without Java would: every JDK hidden, a clean environment.
# HOME is a scratch folder (the desktop's workspace, CDS and settings go there, not into /root).
mkdir -p "$work/home"
cat > "$work/nojava.sh" <<EOF
#!/bin/bash
# (runs inside unshare -m) hide every Java, then run "\$@" in a clean environment
set -e
mount -t tmpfs -o size=1m nojava /usr/lib/jvm
exec env -i PATH=/usr/bin:/bin HOME="$work/home" LANG=C.UTF-8 \${DISPLAY:+DISPLAY=\$DISPLAY} \
  \${XAUTHORITY:+XAUTHORITY=\$XAUTHORITY} \${DBUS_SESSION_BUS_ADDRESS:+DBUS_SESSION_BUS_ADDRESS=\$DBUS_SESSION_BUS_ADDRESS} "\$@"
EOF
chmod 755 "$work/nojava.sh"
nojava() { unshare -m --propagation private "$work/nojava.sh" "$@"; }

echo "# deb-install: $(basename "$deb") ($(du -m "$deb" | cut -f1) MB)"

# --- install (a previous ddstuner is purged first: the test is repeatable)
if dpkg-query -W -f='${Status}' ddstuner 2>/dev/null | grep -q 'ok installed\|config-files'; then
  echo "# purging the ddstuner installed before"
  apt_q purge ddstuner > "$work/prepurge.log" 2>&1 || dpkg --purge ddstuner >> "$work/prepurge.log" 2>&1 || true
fi
check "apt-get install ./$(basename "$deb") (its Depends are met)" apt_q install "$deb"
dpkg -L ddstuner > "$out/files.txt" 2>/dev/null
check "installed under /opt/ddstuner with its own runtime, ddstuner on the PATH (/usr/bin symlink)" bash -c \
  "test -x /opt/ddstuner/ddstuner && test -x /opt/ddstuner/jre/bin/java && test \"\$(readlink /usr/bin/ddstuner)\" = /opt/ddstuner/ddstuner"
check "menu entry, icon, man pages, bash completion, systemd units and /etc/default/ddstuner in place" bash -c \
  "grep -qx 'Exec=ddstuner' /usr/share/applications/ddstuner.desktop && grep -qx 'Icon=ddstuner' /usr/share/applications/ddstuner.desktop &&
   test -s /usr/share/icons/hicolor/256x256/apps/ddstuner.png && test -s /usr/share/man/man1/ddstuner-ls.1 &&
   MANWIDTH=100 man ddstuner-subscribe 2>/dev/null | grep -q '^OPTIONS' &&
   test -s /usr/share/bash-completion/completions/ddstuner &&
   test -s '/usr/lib/systemd/system/ddstuner-pother-agent@.service' && test -s /usr/lib/systemd/system/ddstuner-serve.service &&
   test -s /etc/default/ddstuner"
check "the systemd units are installed but not enabled (no links in /etc/systemd/system)" bash -c \
  "! find /etc/systemd/system -name 'ddstuner-*' | grep -q ."
if command -v systemd-analyze >/dev/null; then
  check "systemd-analyze verify accepts the units (no unknown or invalid settings)" bash -c \
    "systemd-analyze verify /usr/lib/systemd/system/ddstuner-serve.service '/usr/lib/systemd/system/ddstuner-pother-agent@.service' > '$work/verify' 2>&1
     cat '$work/verify'; ! grep -i 'unknown\|invalid\|ignoring\|not executable\|failed' '$work/verify'"
fi

# --- no Java on the machine: the package's own runtime runs the CLI and the desktop
check "without any Java on the machine: no java found, and the product's runtime is Java 25" nojava bash -c \
  "! command -v java >/dev/null && ! test -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java && test -z \"\${JAVA_HOME:-}\" &&
   grep -q '^JAVA_VERSION=\"25' /opt/ddstuner/jre/release"
check "ddstuner --version (no Java, env -i) names DDS Tuner, Java 25 and the libddsc it loaded" nojava bash -c \
  "ddstuner --version > '$work/version.out' 2>&1; cat '$work/version.out'; grep -q '^DDS Tuner ' '$work/version.out' && grep -q '^Java 25' '$work/version.out' && grep -q '^libddsc 0\.10\|^libddsc 1[0-9]' '$work/version.out'"
cat > "$work/cli.sh" <<EOF
#!/bin/bash
# (no Java, private network namespace) the demo in one process, ls in another; the demo's JVM must be /opt's
ddstuner demo --duration 60 > "$work/demo.out" 2>&1 & demo=\$!
trap 'kill \$demo 2>/dev/null; wait \$demo 2>/dev/null' EXIT
for i in \$(seq 300); do grep -q READY "$work/demo.out" && break; sleep 0.1; done
grep -q READY "$work/demo.out" || { echo "demo did not print READY:"; cat "$work/demo.out"; exit 1; }
exe="\$(readlink /proc/\$demo/exe)"
[ "\$exe" = /opt/ddstuner/jre/bin/java ] || { echo "the demo runs on \$exe, not the package's runtime"; exit 1; }
ddstuner ls --domain 77 --wait 10 --expect-topic SensorReadings --expect-participant SensorHub
EOF
chmod 755 "$work/cli.sh"
check "ddstuner ls sees the demo (no Java, network namespace; both JVMs are /opt/ddstuner/jre's)" \
  timeout 180 releng/scripts/netns-run.sh unshare -m --propagation private "$work/nojava.sh" "$work/cli.sh"
cat > "$work/serve.sh" <<EOF
#!/bin/bash
# (no Java, network namespace) the remote agent makes its key pair with the runtime's keytool and serves ls
ddstuner serve --listen 127.0.0.1:7701 --domain 77 --identity-dir "$work/home/agent" --token-file "$work/home/agent/token" > "$work/serve.out" 2>&1 & s=\$!
ddstuner demo --duration 60 > "$work/demo2.out" 2>&1 & d=\$!
trap 'kill \$s \$d 2>/dev/null; wait 2>/dev/null' EXIT
for i in \$(seq 600); do grep -qi fingerprint "$work/serve.out" && break; kill -0 \$s 2>/dev/null || break; sleep 0.1; done
cat "$work/serve.out"
ddstuner ls --remote 127.0.0.1:7701 --token-file "$work/home/agent/token" --known-agents "$work/home/known" --wait 10 --expect-participant SensorHub
EOF
chmod 755 "$work/serve.sh"
check "ddstuner serve makes its certificate with the runtime's keytool and ls --remote reads it (no Java)" \
  timeout 180 releng/scripts/netns-run.sh unshare -m --propagation private "$work/nojava.sh" "$work/serve.sh"
cat > "$work/desktop.sh" <<'EOF'
#!/bin/bash
# (no Java, under Xvfb) the desktop, on the local demo (default autoconnect; network namespace), until its
# workbench window ("DDS Tuner …", full size) is viewable; then a screenshot. Arg: a folder this user may
# write, used as HOME and user.home (Java takes user.home from the passwd entry; Equinox puts the
# configuration area of a user who cannot write the install folder under it, in ~/.eclipse).
d="$1"; export HOME="$d"
DDSTUNER_CDS=off DDSTUNER_WORKSPACE="$d/ws" DDSTUNER_JVM_ARGS="-Duser.home=$d" ddstuner > "$d/desktop.out" 2>&1 & p=$!
trap 'kill $p 2>/dev/null; wait $p 2>/dev/null' EXIT
up=""
for i in $(seq 1800); do
  for id in $(xwininfo -root -tree | grep '"DDS Tuner' | awk '{print $1}'); do
    xwininfo -id "$id" | grep -q IsViewable && xwininfo -id "$id" | grep -q 'Width: [0-9][0-9][0-9]' && { up=$id; break 2; }
  done
  kill -0 $p 2>/dev/null || break
  sleep 0.1
done
[ -n "$up" ] || { echo "no workbench window; the desktop said:"; cat "$d/desktop.out" "$d/ws/.metadata/.log" 2>/dev/null; exit 1; }
# the start script keeps running (it starts the desktop again after an update's restart): the JVM is its child
jvm=""
for c in $(pgrep -P $p); do [ "$(readlink /proc/$c/exe)" = /opt/ddstuner/jre/bin/java ] && jvm=$c; done
echo "workbench window $up after ~$((i / 10)) s; JVM ${jvm:+$(readlink /proc/$jvm/exe)}"
sleep 4 # the demo's participants appear in the views
import -window root "$d/desktop.png" 2>/dev/null || true
[ -n "$jvm" ] || { echo "not the package's runtime: the start script's children are $(pgrep -a -P $p)"; exit 1; }
# stopping the start script stops the desktop's JVM too
kill $p; for i in $(seq 100); do kill -0 $jvm 2>/dev/null || break; sleep 0.1; done
! kill -0 $jvm 2>/dev/null || { echo "the JVM $jvm still runs 10 s after the start script was stopped"; exit 1; }
# a class the runtime lacks shows up as an error in the product's log, not as a failed start
! grep -B2 -A8 'NoClassDefFoundError\|ClassNotFoundException: java\|ClassNotFoundException: jdk' "$d/ws/.metadata/.log" 2>/dev/null
EOF
chmod 755 "$work/desktop.sh"
mkdir -p "$work/root-run" "$work/user-run"; chown 65534:65534 "$work/user-run"
desktop() { # DIR [setpriv args…]: the desktop in its own Xvfb and network namespace, without any Java
  local d="$1"; shift
  timeout 300 releng/scripts/netns-run.sh unshare -m --propagation private "$work/nojava.sh" "$@" \
    dbus-run-session -- xvfb-run -a -s "-screen 0 1400x900x24" "$work/desktop.sh" "$d"
}
check "the desktop starts as root (no Java, Xvfb) and shows its workbench window on the package's runtime" \
  desktop "$work/root-run"
check "the desktop starts as a user who cannot write /opt (nobody; configuration area in ~/.eclipse)" \
  desktop "$work/user-run" setpriv --reuid=65534 --regid=65534 --clear-groups --
for r in root user; do
  cp "$work/$r-run/desktop.png" "$out/desktop-$r.png" 2>/dev/null || true
  cat "$work/$r-run/desktop.out" "$work/$r-run/ws/.metadata/.log" > "$out/desktop-$r.log" 2>/dev/null || true
done

# --- the runtime has every module the installed plugins need (jdeps of the build JDK; see product/pom.xml)
jdk="$(releng/scripts/find-java.sh 2>/dev/null)"
if [ -n "$jdk" ] && [ -x "$jdk/bin/jdeps" ]; then
  check "the runtime has every module jdeps finds in the installed plugins (less ICU's javadoc taglets)" bash -c \
    "need=\$('$jdk/bin/jdeps' --multi-release 25 --ignore-missing-deps --print-module-deps /opt/ddstuner/plugins/*.jar | tail -n 1)
     have=\$(sed -n 's/^MODULES=\"\(.*\)\"/\1/p' /opt/ddstuner/jre/release)
     missing=''
     for m in \${need//,/ }; do case \$m in jdk.javadoc|jdk.compiler|java.compiler) continue ;; esac
       [[ \" \$have \" == *\" \$m \"* ]] || missing=\"\$missing \$m\"; done
     echo \"jdeps: \$need; runtime: \$have\"
     [ -z \"\$missing\" ] || { echo \"missing from the runtime:\$missing (add to ddstuner.runtime.modules in product/pom.xml)\"; exit 1; }"
fi

# --- remove, then purge: nothing may be left
if command -v systemctl >/dev/null; then
  check "systemctl enable of both units works (as an admin would; removal must undo it)" bash -c \
    "systemctl enable ddstuner-pother-agent@1.service ddstuner-serve.service && find /etc/systemd/system -name 'ddstuner-*' | grep -q ."
fi
check "apt-get remove: the package's files and /opt/ddstuner are gone (also what the desktop wrote there), the conffile stays" bash -c \
  "DEBIAN_FRONTEND=noninteractive apt-get -y -q remove ddstuner && ! test -e /opt/ddstuner && ! test -e /usr/bin/ddstuner && test -e /etc/default/ddstuner &&
   ! find /etc/systemd/system -name 'ddstuner-*' | grep . "
check "apt-get purge: the package is unknown to dpkg and none of its files is left" bash -c \
  "DEBIAN_FRONTEND=noninteractive apt-get -y -q purge ddstuner && ! dpkg-query -W -f='\${Status}' ddstuner 2>/dev/null | grep -q . &&
   left=\$(while read -r f; do [ -e \"\$f\" ] || [ -L \"\$f\" ] || continue; [ -d \"\$f\" ] && [ ! -L \"\$f\" ] && case \"\$f\" in /opt/ddstuner*|/usr/share/doc/ddstuner*) ;; *) continue ;; esac; echo \"\$f\"; done < '$out/files.txt')
   [ -z \"\$left\" ] || { echo \"left behind: \$left\"; exit 1; }
   ! test -e /opt/ddstuner && ! test -e /etc/default/ddstuner && ! test -e /var/lib/ddstuner-serve &&
   ! ls /usr/share/applications/ddstuner* /usr/share/icons/hicolor/*/apps/ddstuner* /usr/share/man/man1/ddstuner* \
        /usr/share/bash-completion/completions/ddstuner /usr/lib/systemd/system/ddstuner* /usr/share/doc/ddstuner 2>/dev/null | grep . &&
   ! find /etc/systemd/system /etc/default -name 'ddstuner*' | grep ."

echo "deb-install: $pass passed, $fail failed"
[ "$fail" = 0 ]
