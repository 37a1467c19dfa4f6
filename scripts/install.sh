#!/bin/sh
# Installs cgld and cglctl with their systemd units, sysusers and tmpfiles entries, default
# configuration, profiles and documentation, in the usual FHS places:
#
#   $PREFIX/bin/{cgld,cglctl}                      release binaries, stripped (migrations compiled in)
#   $PREFIX/lib/cglayout/                          the Swift runtime they link (one copy for both)
#   $PREFIX/lib/debug$PREFIX/bin/{cgld,cglctl}.debug  their debug information
#   $PREFIX/lib/systemd/system/cgld.{service,socket}
#   $PREFIX/lib/sysusers.d/cgld.conf, $PREFIX/lib/tmpfiles.d/cgld.conf
#   $SYSCONFDIR/cgld/{cgld.json,profiles.json}     never overwritten (a new version goes to *.new)
#   $SYSCONFDIR/cgld/schemes.d/                    documents registered at start and at reload
#   $PREFIX/share/doc/cgld/                        all of docs/, the configuration reference, examples
#   $PREFIX/share/doc/cgld/fleet/                  a fleet host's sample configuration and systemd drop-in
#
# Variables: DESTDIR (staging root for packages, default empty), PREFIX (default /usr),
# SYSCONFDIR (default /etc). Options: --bin-dir DIR installs the cgld and cglctl already
# built in DIR instead of building release binaries (swift build -c release, finding the
# Swift runtime in ../lib/cglayout beside them, so that they run without a Swift toolchain:
# one copy of the runtime for both binaries, where --static-swift-stdlib puts one in each,
# with Foundation's 34 MB of ICU data, for 77 + 69 MB instead of 16 + 10).
#
# It installs files only: creating the users, the directories and enabling the units is
# for the machine's administrator or the package's scripts (docs/operations.md, "Install").
set -eu

usage() { echo "usage: [DESTDIR=dir] [PREFIX=/usr] [SYSCONFDIR=/etc] $0 [--bin-dir DIR]" >&2; exit 64; }
bin_dir=""
while [ $# -gt 0 ]; do
    case "$1" in
        --bin-dir) [ $# -ge 2 ] || usage; bin_dir=$2; shift 2 ;;
        --bin-dir=*) bin_dir=${1#--bin-dir=}; shift ;;
        -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) usage ;;
    esac
done

cd "$(dirname "$0")/.."
DESTDIR=${DESTDIR:-}
PREFIX=${PREFIX:-/usr}
SYSCONFDIR=${SYSCONFDIR:-/etc}
case "$PREFIX" in /*) ;; *) echo "install.sh: PREFIX must be an absolute path, not '$PREFIX'" >&2; exit 64 ;; esac

# The toolchain's runtime folder: what the binaries are linked against.
swiftc_path=$(readlink -f "$(command -v swiftc)")
swift_runtime=$(cd "$(dirname "$swiftc_path")/../lib/swift/linux" && pwd)
if [ -z "$bin_dir" ]; then
    # '$ORIGIN' is for the dynamic linker, not the shell. Without the toolchain's own
    # runtime folder in the RUNPATH, the installed copy is the one loaded, whatever Swift a
    # host has at the build machine's path.
    # shellcheck disable=SC2016
    for product in cgld cglctl; do
        # (The build's own tools, linked the same way, find the runtime through LD_LIBRARY_PATH.)
        LD_LIBRARY_PATH=$swift_runtime swift build -c release --product "$product" \
            -Xswiftc -no-toolchain-stdlib-rpath -Xlinker -rpath -Xlinker '$ORIGIN/../lib/cglayout'
    done
    bin_dir=$(swift build -c release --show-bin-path)
fi
for binary in cgld cglctl; do
    [ -x "$bin_dir/$binary" ] || { echo "install.sh: no executable $bin_dir/$binary; build it or drop --bin-dir" >&2; exit 66; }
done

bindir=$DESTDIR$PREFIX/bin
unitdir=$DESTDIR$PREFIX/lib/systemd/system
docdir=$DESTDIR$PREFIX/share/doc/cgld
confdir=$DESTDIR$SYSCONFDIR/cgld

# install_config SOURCE NAME: puts SOURCE in place as NAME unless the administrator's copy
# differs, in which case it stays and the new version lands beside it as NAME.new.
install_config() {
    target=$confdir/$2
    if [ -e "$target" ] && ! cmp -s "$1" "$target"; then
        install -m 0644 "$1" "$target.new"
        echo "install.sh: kept $target (changed locally); the shipped version is $target.new"
    else
        install -m 0644 "$1" "$target"
    fi
}

debugdir=$DESTDIR$PREFIX/lib/debug$PREFIX/bin
install -d -m 0755 "$bindir" "$unitdir" "$DESTDIR$PREFIX/lib/sysusers.d" "$DESTDIR$PREFIX/lib/tmpfiles.d" \
    "$docdir/examples" "$confdir" "$confdir/schemes.d" "$debugdir"
# The Swift runtime libraries the binaries load (what ldd resolves in the toolchain's
# runtime folder, searched first), stripped, for hosts without a Swift toolchain; none for
# binaries built with --static-swift-stdlib.
runtime=$(LD_LIBRARY_PATH=$swift_runtime ldd "$bin_dir/cgld" "$bin_dir/cglctl" \
    | awk -v dir="$swift_runtime/" '$2 == "=>" && index($3, dir) == 1 {print $3}' | sort -u || true)
if [ -n "$runtime" ]; then
    runtimedir=$DESTDIR$PREFIX/lib/cglayout
    install -d -m 0755 "$runtimedir"
    for library in $runtime; do
        install -m 0644 "$library" "$runtimedir/"
        strip --strip-unneeded "$runtimedir/$(basename "$library")"
    done
fi
# Stripped binaries (a quarter of the size), their debug information kept beside them under
# lib/debug, where gdb and the Swift backtracer find it through the debug link.
for binary in cgld cglctl; do
    objcopy --only-keep-debug "$bin_dir/$binary" "$debugdir/$binary.debug"
    chmod 0644 "$debugdir/$binary.debug"
    install -m 0755 "$bin_dir/$binary" "$bindir/$binary"
    strip --strip-all "$bindir/$binary"
    (cd "$debugdir" && objcopy --add-gnu-debuglink="$binary.debug" "$bindir/$binary")
done

# The units name /usr/bin/cgld and /usr/share/doc/cgld; other prefixes get their own paths.
sed -e "s|/usr/bin/cgld|$PREFIX/bin/cgld|g" -e "s|/usr/share/doc/cgld|$PREFIX/share/doc/cgld|g" \
    -e "s|/etc/cgld/|$SYSCONFDIR/cgld/|g" systemd/cgld.service > "$unitdir/cgld.service.tmp"
mv "$unitdir/cgld.service.tmp" "$unitdir/cgld.service"
chmod 0644 "$unitdir/cgld.service"
sed -e "s|/usr/share/doc/cgld|$PREFIX/share/doc/cgld|g" systemd/cgld.socket > "$unitdir/cgld.socket"
chmod 0644 "$unitdir/cgld.socket"
install -m 0644 systemd/sysusers.d/cgld.conf "$DESTDIR$PREFIX/lib/sysusers.d/cgld.conf"
sed -e "s|/etc/cgld/|$SYSCONFDIR/cgld/|g" systemd/tmpfiles.d/cgld.conf > "$DESTDIR$PREFIX/lib/tmpfiles.d/cgld.conf"
chmod 0644 "$DESTDIR$PREFIX/lib/tmpfiles.d/cgld.conf"

production=$(mktemp)
trap 'rm -f "$production"' EXIT
sed -e "s|/etc/cgld/|$SYSCONFDIR/cgld/|g" systemd/cgld.json > "$production"
install_config "$production" cgld.json
install_config config/profiles.json profiles.json

install -m 0644 docs/*.md README.md "$docdir/"
install -m 0644 config/README.md "$docdir/configuration.md"
install -m 0644 examples/schemes/*.json docs/examples/*.json "$docdir/examples/"
# For a fleet: the sample configuration and the drop-in for a registry reached over TCP,
# which operators copy into place (docs/operations.md, "Running a fleet").
install -d -m 0755 "$docdir/fleet"
sed -e "s|/etc/cgld/|$SYSCONFDIR/cgld/|g" config/cgld-fleet.json > "$docdir/fleet/cgld-fleet.json"
sed -e "s|/etc/cgld/|$SYSCONFDIR/cgld/|g" systemd/fleet/postgres-tcp.conf > "$docdir/fleet/postgres-tcp.conf"
chmod 0644 "$docdir/fleet/cgld-fleet.json" "$docdir/fleet/postgres-tcp.conf"

if [ -n "$DESTDIR" ]; then
    echo "install.sh: installed cgld into the staging root $DESTDIR (prefix $PREFIX)"
else
    cat <<NEXT
install.sh: installed cgld under $PREFIX. Next, as root (docs/operations.md, "Install"):
  systemd-sysusers cgld.conf && systemd-tmpfiles --create cgld.conf
  systemctl daemon-reload && systemctl enable --now cgld.socket
NEXT
fi
