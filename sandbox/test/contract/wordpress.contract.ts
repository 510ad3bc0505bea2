import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { describePosConnectContract } from './posConnect.contract';
import type { ContractTarget, Credential, SentMail } from './target';

/**
 * The pos-connect/v1 contract against the Cloud POS plugin on a real WordPress: the `wordpress`
 * step of `npm test` (scripts/lib/wordpress.mjs) installs Debian's WordPress on a throw-away
 * MariaDB, installs the plugin from its download zip, serves it with PHP's built-in server and
 * runs this file with CONTRACT_WORDPRESS_SITE naming the site's description (home URL,
 * application passwords, the folder its mail is written to).
 */
interface Site {
  wordpress: string;
  home: string;
  siteName: string;
  /** The site's copy of WordPress, for site.php's station-users phase. */
  docroot: string;
  /** Whether the Staff add-on was installed from its zip and activated. */
  staffAddOn: boolean;
  owner: { username: string; password: string };
  revocable: Array<{ username: string; password: string }>;
  noCapability: { username: string; password: string };
  /** A shop manager's (manage_woocommerce, no create_users nor promote_users). */
  shopManager: { username: string; password: string };
  mailDir: string;
}

const file = process.env.CONTRACT_WORDPRESS_SITE;
if (!file) {
  throw new Error('CONTRACT_WORDPRESS_SITE is not set: run it with TEST_STEPS=wordpress npm test');
}
const site = JSON.parse(readFileSync(file, 'utf8')) as Site;
const basic = (pair: { username: string; password: string }): Credential => ({
  kind: 'basic',
  ...pair,
});
const revocable = [...site.revocable];

/** The mails PHP handed to sendmail, one file each (the step's sendmail writes them). */
async function sentMail(email: string): Promise<SentMail[]> {
  const mails: SentMail[] = [];
  for (const name of readdirSync(site.mailDir).sort()) {
    const parsed = await simpleParser(readFileSync(path.join(site.mailDir, name)));
    const to = ([] as AddressObject[]).concat(parsed.to ?? []).flatMap((a) => a.value);
    if (to.some((address) => address.address?.toLowerCase() === email.toLowerCase())) {
      mails.push({ subject: parsed.subject ?? '', text: parsed.text ?? '' });
    }
  }
  return mails;
}

/** Sets a station's users with site.php, in PHP's command line on the site's database. */
async function setStationUsers(posId: number, users: number[] | null): Promise<void> {
  const siteScript = path.join(__dirname, '../../../wordpress-plugin/tests/wordpress/site.php');
  const list = users === null ? 'all' : users.join(',');
  const result = spawnSync(
    'php',
    [siteScript, 'station-users', site.docroot, String(posId), list],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`site.php station-users failed: ${result.stderr || result.stdout}`);
  }
}

const target: ContractTarget = {
  name: `the Cloud POS plugin on WordPress ${site.wordpress}`,
  home: site.home,
  siteName: site.siteName,
  multipleUserPluginActive: site.staffAddOn,
  setStationUsers,
  owner: basic(site.owner),
  noCapability: basic(site.noCapability),
  shopManager: basic(site.shopManager),
  async revocable() {
    const next = revocable.shift();
    if (!next) throw new Error('the site was set up with too few application passwords to revoke');
    return basic(next);
  },
  sentMail,
};

describe(`pos-connect/v1 on ${target.name}`, () => {
  describePosConnectContract(() => target);
});
