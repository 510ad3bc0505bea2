import { useId, useLayoutEffect, useRef } from 'react';
import { Form, useForm } from 'react-final-form';
import { TextField } from '@pos/shared/forms';
import { stationsTestIds } from '../../testIds';
import { POS_URL_SLUG_MAX_LENGTH as MAX_SLUG_LENGTH } from '@pos/shared';
import { slugInputLabel } from '../../texts';
import './SlugField.css';

export interface SlugFieldProps {
  stationName: string;
  /** The station's saved slug: what the field shows until it is edited. */
  savedSlug: string;
  /**
   * Bumped by the parent to put the saved slug back (after a refusal) even when the saved slug
   * itself did not change.
   */
  resetToken: number;
  /** What every POS URL of the application starts with, shown before the field. */
  prefix: string;
  /** The default station's POS URL cannot be edited (spec 5). */
  disabled: boolean;
  /**
   * A change of the station is being saved: the field is read-only meanwhile, but keeps the
   * keyboard focus (a disabled field would drop it).
   */
  pending: boolean;
  /** The edited slug, on Enter or when leaving the field. */
  onCommit: (typed: string) => void;
}

interface SlugValues {
  slug: string;
}

/**
 * The POS URL of a station (spec 2.4): the cloud address prefix and the editable slug, a
 * react-final-form form of one field. It keeps what is typed until it is committed, follows the
 * saved slug when that changes or the parent resets it, and stays the same element throughout, so
 * focus stays in it after a save. Enter commits and keeps the focus;
 * leaving the field afterwards does not commit the same text again. Escape gives the saved slug
 * back at once.
 */
export function SlugField({
  stationName,
  savedSlug,
  resetToken,
  prefix,
  disabled,
  pending,
  onCommit,
}: SlugFieldProps) {
  const prefixId = useId();
  return (
    <Form<SlugValues>
      initialValues={{ slug: savedSlug }}
      onSubmit={({ slug }) => onCommit(slug)}
      subscription={{}}
      render={({ form }) => (
        <div className="pos-stations-slug">
          <FollowSaved savedSlug={savedSlug} resetToken={resetToken} />
          <span id={prefixId} className="pos-stations-slug__prefix">
            {prefix}
          </span>
          <TextField
            name="slug"
            label={slugInputLabel(stationName)}
            hideLabel
            disabled={disabled}
            busy={pending}
            maxLength={MAX_SLUG_LENGTH}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={prefixId}
            className="pos-stations-slug__field"
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (!pending) void form.submit();
              } else if (event.key === 'Escape') {
                form.reset();
              }
            }}
            onBlur={() => {
              // What Enter committed, unchanged since, is not committed a second time.
              const { submitSucceeded, dirtySinceLastSubmit } = form.getState();
              if (!pending && !disabled && !(submitSucceeded && !dirtySinceLastSubmit)) {
                void form.submit();
              }
            }}
            data-testid={stationsTestIds.applicationStations.slugInput}
          />
        </div>
      )}
    />
  );
}

/**
 * Starts the form again from the saved slug when it changes or the parent bumps the reset token,
 * forgetting the last commit. A layout effect, so the field shows it in the same paint as the
 * change that caused it (react-final-form's own reinitialize waits for a later effect).
 */
function FollowSaved({ savedSlug, resetToken }: { savedSlug: string; resetToken: number }) {
  const form = useForm<SlugValues>();
  const seen = useRef({ savedSlug, resetToken });
  useLayoutEffect(() => {
    if (seen.current.savedSlug === savedSlug && seen.current.resetToken === resetToken) return;
    seen.current = { savedSlug, resetToken };
    form.reset({ slug: savedSlug });
  }, [form, savedSlug, resetToken]);
  return null;
}
