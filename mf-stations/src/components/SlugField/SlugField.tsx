import { useId, type KeyboardEvent } from 'react';
import { TextInput } from '@pos/shared';
import { stationsTestIds } from '../../testIds';
import { MAX_SLUG_LENGTH } from '../../stationRules';
import { slugInputLabel } from '../../texts';
import './SlugField.css';

export interface SlugFieldProps {
  stationName: string;
  /** The station's saved slug: what the field shows until it is edited. */
  savedSlug: string;
  /** What every POS URL of the application starts with, shown before the field. */
  prefix: string;
  /** The default station's POS URL cannot be edited (spec 5); neither while a change is saved. */
  disabled: boolean;
  /** The edited slug, on blur or Enter. */
  onCommit: (typed: string) => void;
}

/**
 * The POS URL of a station (spec 2.4): the cloud address prefix and the editable slug. It keeps
 * what is typed until it is committed; the parent remounts it (by key) to put the saved slug
 * back after a refusal. Escape gives the saved slug back at once.
 */
export function SlugField({ stationName, savedSlug, prefix, disabled, onCommit }: SlugFieldProps) {
  const prefixId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      // Blurring commits, so Enter and leaving the field save through one path, once.
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.currentTarget.value = savedSlug;
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
        defaultValue={savedSlug}
        disabled={disabled}
        maxLength={MAX_SLUG_LENGTH}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={prefixId}
        className="pos-stations-slug__field"
        onKeyDown={onKeyDown}
        onBlur={(event) => onCommit(event.currentTarget.value)}
        data-testid={stationsTestIds.applicationStations.slugInput}
      />
    </div>
  );
}
