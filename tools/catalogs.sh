#!/usr/bin/env bash
# The message catalogs: extract the messages from the source, update the French and Russian
# .po files, compile them into the .mo files the package ships.  Needs babel (pip install -e '.[test]').
#
#   tools/catalogs.sh            extract + update + compile: after changing, adding or removing a message
#   tools/catalogs.sh compile    compile only: after editing translations in a .po file
#   tools/catalogs.sh check      fail if the .po files are not up to date with the source (changes nothing)
#
# Then translate every new or fuzzy entry ("#, fuzzy": a guess from a similar old message;
# check it and delete the flag) and run tools/catalogs.sh compile; tests/test_translations.py
# fails while any message lacks a translation or a .mo is stale.
set -euo pipefail
cd "$(dirname "$0")/.."

PYBABEL=${PYBABEL:-pybabel}
LOCALE=lost_cities/locale
DOMAIN=lost_cities
POT=$LOCALE/$DOMAIN.pot
LANGUAGES=(fr ru)
VERSION=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' lost_cities/__init__.py)

extract() {
    mkdir -p "$LOCALE"
    "$PYBABEL" extract -F babel.cfg --no-location --sort-output --width=100 \
        --add-comments=Translators: --project=lost-cities --version="$VERSION" \
        --copyright-holder="The lost-cities developers" -o "$POT" .
}

update() {
    for lang in "${LANGUAGES[@]}"; do
        if [[ -f $LOCALE/$lang/LC_MESSAGES/$DOMAIN.po ]]; then
            "$PYBABEL" update -i "$POT" -d "$LOCALE" -D "$DOMAIN" -l "$lang" --width=100 \
                --ignore-obsolete --ignore-pot-creation-date --previous
        else
            "$PYBABEL" init -i "$POT" -d "$LOCALE" -D "$DOMAIN" -l "$lang" --width=100
        fi
    done
}

compile() {
    "$PYBABEL" compile -d "$LOCALE" -D "$DOMAIN" --statistics
}

case "${1:-all}" in
    all) extract; update; compile ;;
    compile) compile ;;
    check)
        # Update a copy and compare: pybabel's own --check reports every catalog with a message context
        # (pgettext) as out of date (Babel 2.18 looks such messages up by the wrong key).
        copy=$(mktemp -d) && trap 'rm -rf "$copy"' EXIT
        cp -r "$LOCALE/." "$copy/"
        POT=$copy/$DOMAIN.pot
        extract 2>/dev/null
        LOCALE=$copy update >/dev/null 2>&1
        stale=0
        for lang in "${LANGUAGES[@]}"; do
            po=LC_MESSAGES/$DOMAIN.po
            if ! diff -q -I '^"PO-Revision-Date: ' "$LOCALE/$lang/$po" "$copy/$lang/$po" >/dev/null; then
                echo "$LOCALE/$lang/$po is out of date: run tools/catalogs.sh, then translate" >&2
                stale=1
            fi
        done
        exit $stale ;;
    *) echo "usage: $0 [all|compile|check]" >&2; exit 2 ;;
esac
