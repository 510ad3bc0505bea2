#!/bin/sh
# Lints every PHP file of the plugin, its Staff add-on and the tests (php -l), checks them against
# the part of WordPress's coding standard that stock phpcs has (phpcs.xml.dist), then runs the unit tests
# with Debian's phpunit; the last line is phpunit's summary. Arguments go to phpunit (npm test
# passes --log-junit FILE to count the tests).
# Needs: apt-get install -y php-cli phpunit php-xml php-mbstring php-codesniffer
set -eu
cd "$(dirname "$0")/.."

failed=0
count=0
for file in $(find cloud-pos cloud-pos-staff tests -name '*.php' | sort); do
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

phpcs -q --standard=phpcs.xml.dist --report=summary
echo "phpcs: no coding standard violations"

php --version | head -n 1
exec phpunit --configuration phpunit.xml.dist "$@"
