# shellcheck shell=bash
# Shared by scripts/test and scripts/serve (sourced from the checkout's root, never run).
#
# A script sets NEEDS (the probe functions of what it needs: `need_app_packages`, what the app
# needs; `need_test_packages`, what the tests need beyond it) and LOCK (app or test), then:
# * `system_packages`: installs the Debian packages the probes find missing, with apt-get (as
#   root, or with `sudo -n`), and probes again;
# * `python_env`: the virtualenv $VENV with requirements/$LOCK.txt (pinned, hash-checked, wheels
#   only) and the project installed editable by the locked build tools; a stamp in $VENV skips
#   all that while the lock, pyproject.toml and setup.py are unchanged;
# * `plan STEP...` (`--plan`): prints what a run would install and do, and does nothing.
#
# The probes read files under $SETUP_ROOT (default: the machine's /) and find commands on
# $PATH, and the virtualenv is $SCOREKEEPER_VENV (default: .venv): pointed at an empty folder
# and an empty PATH, the plan is a new machine's (tests/project/test_setup_scripts.py). The probes and
# the plan run nothing but shell builtins and the Pythons they probe, so they need no PATH.

export PIP_DISABLE_PIP_VERSION_CHECK=1
VENV=${SCOREKEEPER_VENV:-.venv}
NEEDS=()
LOCK=
MISSING=()

# --- the probes ----------------------------------------------------------------------------------

have() {  # have PATH-OR-GLOB: whether it exists under $SETUP_ROOT
    compgen -G "${SETUP_ROOT:-}$1" >/dev/null
}

need() {  # need PATH-OR-GLOB PACKAGE...: the packages are missing unless the file is there
    local path="$1"
    shift
    have "$path" || MISSING+=("$@")
}

need_app_packages() {
    # WeasyPrint (the printed sheets) draws text with Pango and embeds fonts subset by HarfBuzz
    # (without libharfbuzz-subset it warns that a future version will require it); the sheets
    # are set in DejaVu Sans (static/sheet.css).
    need "/usr/lib/*-linux-gnu/libpango-1.0.so.0" libpango-1.0-0
    need "/usr/lib/*-linux-gnu/libpangoft2-1.0.so.0" libpangoft2-1.0-0
    need "/usr/lib/*-linux-gnu/libharfbuzz.so.0" libharfbuzz0b
    need "/usr/lib/*-linux-gnu/libharfbuzz-subset.so.0" libharfbuzz-subset0
    need /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf fonts-dejavu-core
    # `python3 -m venv` needs ensurepip, which Debian ships apart, in python3-venv.
    if ! command -v python3 >/dev/null || ! python3 -c "import ensurepip, venv" 2>/dev/null; then
        MISSING+=(python3-venv)
    fi
}

need_test_packages() {
    # The web tests start a throwaway PostgreSQL cluster from the server programs (tests/support/pgcluster.py).
    need "/usr/lib/postgresql/*/bin/initdb" postgresql
    # The browser test drives Debian's Chromium, never a browser Playwright downloads.
    need /usr/bin/chromium chromium
    need /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf fonts-liberation
    # pdftotext and pdftoppm read the printed sheets back.
    need /usr/bin/pdftotext poppler-utils
    # zbarimg reads back the QR codes the pages and `scorekeeper serve --lan` draw.
    need /usr/bin/zbarimg zbar-tools
    # npm installs the tests' JavaScript (package-lock.json: axe-core, which the accessibility
    # test injects into every page kind); Debian's npm brings Node.js.
    need /usr/bin/npm npm
}

probe() {  # MISSING: the packages that NEEDS finds missing
    local need_fn
    MISSING=()
    for need_fn in "${NEEDS[@]}"; do "$need_fn"; done
}

# --- installing ----------------------------------------------------------------------------------

as_root() { if [ "$EUID" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }
retry() { "$@" || { sleep 5; "$@"; }; }  # one retry: a mirror hiccup should not fail the set-up

quietly() {  # quietly COMMAND...: its output goes to a log, shown (the end of it) if it fails
    local log status=0
    log=$(mktemp -t scorekeeper-setup.XXXXXX) || return 1
    "$@" >"$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        echo "    failed ($status): $*"
        echo "    the end of its output:"
        tail -n 40 "$log"
    fi
    rm -f "$log"
    return "$status"
}

apt_install() {  # apt_install PACKAGE...
    retry as_root apt-get update -qq &&
    retry as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

system_packages() {  # install what the probes find missing
    probe
    if [ ${#MISSING[@]} -eq 0 ]; then
        echo "    all present"
        return 0
    fi
    echo "    installing: ${MISSING[*]}"
    if [ "$EUID" -ne 0 ] && ! command -v sudo >/dev/null; then
        echo "    not root, and no sudo: run this as root, or install them first"
        return 1
    fi
    quietly apt_install "${MISSING[@]}" || return
    probe
    if [ ${#MISSING[@]} -ne 0 ]; then
        echo "    still missing after apt-get install: ${MISSING[*]}"
        return 1
    fi
}

venv_ready() {  # the virtualenv's Python runs and has pip
    "$VENV/bin/python" -c "import pip" >/dev/null 2>&1
}

install_key() {  # install_key LOCK-FILE: a hash of what an install into the virtualenv is made from
    "$VENV/bin/python" -c '
import hashlib, sys
digest = hashlib.sha256()
for path in sys.argv[1:]:
    with open(path, "rb") as file:
        digest.update(file.read())
print(digest.hexdigest()[:16])' "$1" pyproject.toml setup.py
}

# (Called as `step ... || ...` or `... || exit`, where bash ignores `set -e`: every command checks
# its status.)
python_env() {  # $VENV with requirements/$LOCK.txt and the project, editable
    local lock="requirements/$LOCK.txt" key stamp
    if ! venv_ready; then
        quietly python3 -m venv --clear "$VENV" || return
    fi
    if ! "$VENV/bin/python" -c "import sys; sys.exit(sys.version_info[:2] != (3, 11))"; then
        echo "    $VENV is $("$VENV/bin/python" -V 2>&1); the locks in requirements/ are for Python 3.11"
        return 1
    fi
    key=$(install_key "$lock") || return 1
    stamp="$VENV/.installed-$LOCK-$key"
    if [ -e "$stamp" ]; then
        echo "    up to date ($lock)"
        return 0
    fi
    echo "    installing $lock"
    rm -f "$VENV/.installed-$LOCK-"*
    # Exactly the lock: every package pinned and hash-checked, pip itself included, and wheels
    # only (a source build would fetch build tools the lock does not pin).
    quietly "$VENV/bin/python" -m pip install --require-hashes --only-binary :all: -r "$lock" || return
    # The project itself, editable (pure Python, see setup.py), built by the locked setuptools.
    quietly "$VENV/bin/python" -m pip install --no-index --no-deps --no-build-isolation -e . || return
    touch "$stamp"
}

node_ready() {  # node_modules/ was installed from this package-lock.json (shell builtins only)
    [ -e node_modules/.installed-lock.json ] &&
        [ "$(<package-lock.json)" = "$(<node_modules/.installed-lock.json)" ]
}

node_env() {  # node_modules/ exactly as package-lock.json says (the tests' JavaScript), by `npm ci`
    if node_ready; then
        echo "    up to date (package-lock.json)"
        return 0
    fi
    echo "    installing package-lock.json (npm ci)"
    quietly npm ci --ignore-scripts --no-audit --no-fund || return
    cp package-lock.json node_modules/.installed-lock.json
}

# --- the plan ------------------------------------------------------------------------------------

plan() {  # plan STEP...: print what a run would install and do, then the steps; do nothing
    local lock="requirements/$LOCK.txt"
    probe
    echo "==> plan (nothing is installed or run)"
    if [ ${#MISSING[@]} -eq 0 ]; then
        echo "system packages: all present"
    else
        echo "system packages to install: ${MISSING[*]}"
    fi
    if ! venv_ready; then
        echo "virtualenv: create $VENV (python3 -m venv), install $lock and the project (editable)"
    elif [ -e "$VENV/.installed-$LOCK-$(install_key "$lock")" ]; then
        echo "virtualenv: $VENV up to date with $lock"
    else
        echo "virtualenv: $VENV present, install $lock and the project (editable)"
    fi
    if [ "$LOCK" = test ]; then
        if node_ready; then
            echo "node packages: node_modules up to date with package-lock.json"
        else
            echo "node packages: npm ci (package-lock.json)"
        fi
    fi
    printf 'then: %s\n' "$@"
}
