#!/usr/bin/env bash
# Builds the DocC documentation of PickerKit, PickerImaging and PickerCodecs with the toolchain's docc,
# failing on any warning. Output: .build/docs/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .build/docs .build/docs-graphs
mkdir -p .build/docs .build/docs-graphs
output=$(swift package dump-symbol-graph --minimum-access-level public 2>&1) || { echo "$output"; exit 1; }
graphs=$(echo "$output" | sed -n 's/^Files written to //p' | tail -n 1)
for module in PickerImaging PickerCodecs PickerKit; do
    own=".build/docs-graphs/$module"
    mkdir -p "$own"
    cp "$graphs/$module".symbols.json "$own/"
    cp "$graphs/$module"@*.symbols.json "$own/" 2>/dev/null || true
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$own" \
        --output-dir ".build/docs/$module.doccarchive" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.pickerkit.$module" \
        --warnings-as-errors
done
echo "docs: .build/docs/PickerImaging.doccarchive .build/docs/PickerCodecs.doccarchive .build/docs/PickerKit.doccarchive"
