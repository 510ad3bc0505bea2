#!/bin/sh
# Lints every PHP file of the plugin and its tests (php -l), then runs the unit tests with
# Debian's phpunit. Needs: apt-get install -y php-cli phpunit php-xml php-mbstring
set -eu
cd "$(dirname "$0")/.."

failed=0
count=0
for file in $(find cloud-pos tests -name '*.php' | sort); do
  count=$((count + 1))
  if ! out=$(php -l "$file" 2>&1); then
    echo "$out"
    failed=1
  fi
done
if [ "$failed" -ne 0 ]; then
  echo "php -l: syntax errors found" >&2
  exit 1
fi
echo "php -l: $count files, no syntax errors"

php --version | head -n 1
exec phpunit --configuration phpunit.xml.dist
