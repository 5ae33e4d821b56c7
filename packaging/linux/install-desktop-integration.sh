#!/bin/sh
# Install (or remove) deepdecide's desktop integration: the menu entry, the AppStream metainfo,
# the workspace MIME type (*.deepdecide.yaml) and the application icon.
#
#   install-desktop-integration.sh                      for the current user (~/.local/share)
#   install-desktop-integration.sh --prefix /usr/local  system-wide (run as root)
#   install-desktop-integration.sh --exec /opt/deepdecide/deepdecide
#                                  menu entry runs this binary (a bundle's) instead of deepdecide-gui
#   install-desktop-integration.sh --uninstall [--prefix ...]
#
# Files go under PREFIX/share (default: $XDG_DATA_HOME, or ~/.local/share). Run from a bundle
# (deepdecide/linux/ next to the deepdecide binary), --exec defaults to that bundle's binary.
# update-mime-database and update-desktop-database are run when they are installed.
set -eu

APP_ID=io.github.deepdecide.DeepDecide
HERE=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
# the files sit next to this script in a bundle, and in packaging/linux + resources/icons in the source
if [ -f "$HERE/$APP_ID.svg" ]; then
    ICON_SOURCE=$HERE/$APP_ID.svg
else
    ICON_SOURCE=$(CDPATH='' cd -- "$HERE/../.." && pwd)/resources/icons/$APP_ID.svg
fi

usage() {
    sed -n '2,14s/^# \{0,1\}//p' "$0"
}

if [ -n "${XDG_DATA_HOME:-}" ]; then
    DATA_DIR=$XDG_DATA_HOME
else
    DATA_DIR=$HOME/.local/share
fi
EXEC=""
if [ -x "$HERE/../deepdecide" ] && [ -d "$HERE/../_internal" ]; then
    EXEC=$(CDPATH='' cd -- "$HERE/.." && pwd)/deepdecide
fi
ACTION=install

while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || { usage >&2; exit 2; }; DATA_DIR=$2/share; shift 2 ;;
        --prefix=*) DATA_DIR=${1#--prefix=}/share; shift ;;
        --exec) [ $# -ge 2 ] || { usage >&2; exit 2; }; EXEC=$2; shift 2 ;;
        --exec=*) EXEC=${1#--exec=}; shift ;;
        --uninstall) ACTION=uninstall; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install-desktop-integration.sh: unknown argument: $1" >&2; usage >&2; exit 2 ;;
    esac
done

case $EXEC in
    /*|'') ;;
    */*)  # a relative path: the menu starts programs from elsewhere, so make it absolute
        [ -x "$EXEC" ] || { echo "install-desktop-integration.sh: not an executable: $EXEC" >&2; exit 2; }
        EXEC=$(CDPATH='' cd -- "$(dirname -- "$EXEC")" && pwd)/$(basename -- "$EXEC") ;;
esac

DESKTOP=$DATA_DIR/applications/$APP_ID.desktop
METAINFO=$DATA_DIR/metainfo/$APP_ID.metainfo.xml
MIME=$DATA_DIR/mime/packages/$APP_ID.xml
ICON=$DATA_DIR/icons/hicolor/scalable/apps/$APP_ID.svg

refresh() {
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$DATA_DIR/mime" >/dev/null
    fi
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database "$DATA_DIR/applications"
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$DATA_DIR/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache --quiet "$DATA_DIR/icons/hicolor" || true
    fi
}

if [ "$ACTION" = uninstall ]; then
    rm -f "$DESKTOP" "$METAINFO" "$MIME" "$ICON"
    mkdir -p "$DATA_DIR/mime/packages" "$DATA_DIR/applications"
    refresh
    echo "removed deepdecide's desktop integration from $DATA_DIR"
    exit 0
fi

install -D -m 644 "$HERE/$APP_ID.metainfo.xml" "$METAINFO"
install -D -m 644 "$HERE/$APP_ID.mime.xml" "$MIME"
install -D -m 644 "$ICON_SOURCE" "$ICON"
if [ -n "$EXEC" ]; then
    # A bundle's binary opens one workspace as `deepdecide gui FILE`. The path is quoted as the
    # Desktop Entry specification asks: inside double quotes, escape \ " ` and $ with a backslash;
    # then, as for every string value, double each backslash (so a literal $ is written \\$).
    quoted=$(printf '%s' "$EXEC" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g')
    # sed's replacement treats \ and & specially: escape them once more for it
    replacement=$(printf '%s' "Exec=\"$quoted\" gui %f" | sed -e 's/[\\&|]/\\&/g')
    tmp=$(mktemp)
    sed -e "s|^Exec=.*|$replacement|" -e '/^TryExec=/d' "$HERE/$APP_ID.desktop" >"$tmp"
    install -D -m 644 "$tmp" "$DESKTOP"
    rm -f "$tmp"
else
    install -D -m 644 "$HERE/$APP_ID.desktop" "$DESKTOP"
fi
refresh
echo "installed deepdecide's desktop integration into $DATA_DIR"
