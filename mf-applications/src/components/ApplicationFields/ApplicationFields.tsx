import { TextField, UrlField } from '@pos/shared/forms';
import type { CheckSite } from '../../hooks/useSiteCheck';
import { SiteCheckHint } from '../SiteCheckHint';

export const URL_PLACEHOLDER = 'https://your-store.example';
export const URL_HINT = 'The address of the WordPress site where WooCommerce runs.';
export const URL_LOCKED_HINT =
  'The URL of an authorized application cannot be changed. Disconnect it first.';

export interface ApplicationFieldsProps {
  /** Spec 2.4: an authorized application's stored URL, shown locked whatever was typed before. */
  lockedUrl?: string;
  /** Asks the api about a typed URL, to offer the site's own address (issue 10); none: no check. */
  checkSite?: CheckSite;
  /** The stored URL of an application being edited: no site check while the field holds it. */
  savedUrl?: string;
  testIds: { name: string; url: string; siteCheck: string };
}

/**
 * An application's Name and URL fields (final-form fields `name` and `homeUrl`), with the site
 * check under the URL while it can be changed: the same on Create Application and on the
 * detail page's form.
 */
export function ApplicationFields({
  lockedUrl,
  checkSite,
  savedUrl,
  testIds,
}: ApplicationFieldsProps) {
  const locked = lockedUrl !== undefined;
  return (
    <>
      <TextField
        name="name"
        label="Name"
        maxLength={100}
        autoComplete="off"
        data-testid={testIds.name}
      />
      <UrlField
        name="homeUrl"
        label="URL"
        format={lockedUrl === undefined ? undefined : () => lockedUrl}
        disabled={locked}
        placeholder={locked ? undefined : URL_PLACEHOLDER}
        hint={locked ? URL_LOCKED_HINT : URL_HINT}
        data-testid={testIds.url}
      />
      {!locked && checkSite && (
        <SiteCheckHint
          name="homeUrl"
          check={checkSite}
          unchangedFrom={savedUrl}
          data-testid={testIds.siteCheck}
        />
      )}
    </>
  );
}
