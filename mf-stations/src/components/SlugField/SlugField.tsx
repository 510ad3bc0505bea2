import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { TextInput } from '@pos/shared';
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

/**
 * The POS URL of a station (spec 2.4): the cloud address prefix and the editable slug. It keeps
 * what is typed until it is committed, follows the saved slug when that changes (or the parent
 * resets it) and stays the same element throughout, so focus stays in it after a save. Enter
 * saves and keeps the focus; leaving the field afterwards does not save again. Escape gives the
 * saved slug back at once.
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
  const [value, setValue] = useState(savedSlug);
  const [shown, setShown] = useState({ savedSlug, resetToken });
  // What Enter already committed: a blur that follows must not commit it a second time.
  const committed = useRef<string | null>(null);
  if (shown.savedSlug !== savedSlug || shown.resetToken !== resetToken) {
    setShown({ savedSlug, resetToken });
    setValue(savedSlug);
  }
  const commit = (typed: string) => {
    if (committed.current === typed) return;
    committed.current = typed;
    onCommit(typed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!pending) commit(value);
    } else if (event.key === 'Escape') {
      committed.current = null;
      setValue(savedSlug);
    }
  };
  return (
    <div className="pos-stations-slug">
      <span id={prefixId} className="pos-stations-slug__prefix">
        {prefix}
      </span>
      <TextInput
        label={slugInputLabel(stationName)}
        hideLabel
        value={value}
        onChange={(event) => {
          committed.current = null;
          setValue(event.currentTarget.value);
        }}
        disabled={disabled}
        readOnly={pending}
        aria-busy={pending || undefined}
        maxLength={MAX_SLUG_LENGTH}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={prefixId}
        className="pos-stations-slug__field"
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (!pending && !disabled) commit(value);
          committed.current = null;
        }}
        data-testid={stationsTestIds.applicationStations.slugInput}
      />
    </div>
  );
}
