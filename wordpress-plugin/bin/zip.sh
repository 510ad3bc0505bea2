#!/bin/sh
# Zips the plugin for download: dist/cloud-pos.zip holds the folder cloud-pos/ as WordPress's
# Upload Plugin expects. An optional first argument (or CLOUD_POS_API_ORIGIN) stamps the cloud
# POS api's origin into the copy as its default address.
#   bin/zip.sh [https://pos.example.com] [output.zip]
set -eu
cd "$(dirname "$0")/.."

origin=${1:-${CLOUD_POS_API_ORIGIN:-}}
out=${2:-dist/cloud-pos.zip}
case "$origin" in
  '' | http://* | https://*) ;;
  *) echo "zip.sh: the origin must start with http:// or https://" >&2; exit 2 ;;
esac
case "$origin" in
  *"'"* | *'\'* | *' '*) echo "zip.sh: the origin may not contain quotes, backslashes or spaces" >&2; exit 2 ;;
esac

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R cloud-pos "$stage/cloud-pos"
if [ -n "$origin" ]; then
  origin=${origin%/}
  sed -i "s|define( 'CLOUD_POS_DEFAULT_API_ORIGIN', '' );|define( 'CLOUD_POS_DEFAULT_API_ORIGIN', '$origin' );|" "$stage/cloud-pos/cloud-pos.php"
  grep -q "'CLOUD_POS_DEFAULT_API_ORIGIN', '$origin'" "$stage/cloud-pos/cloud-pos.php"
fi

mkdir -p "$(dirname "$out")"
out_abs=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
rm -f "$out_abs"
# -X: no extra file attributes, so the same sources give the same archive contents.
(cd "$stage" && zip -q -r -X "$out_abs" cloud-pos)
echo "$out_abs"
