import { Button, Icon, TextInput, useMounted, useParcel } from '@pos/shared';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { apiMessageOrNull, fetchActivitiesCsv, saveBlob, verifyActivities } from '../../api';
import { analyticsTestIds } from '../../testIds';
import {
  DOWNLOAD_CSV,
  EXPORT_FAILED,
  EXPORT_PERIOD,
  FROM,
  TO,
  VERIFY_FAILED,
  VERIFY_FEED,
  activityCsvName,
  FEED_HEAD_MISSING,
  feedBroken,
  feedVerified,
} from '../../texts';
import type { FeedVerification } from '../../types';

const ids = analyticsTestIds.activity;
const DAY = 'YYYY-MM-DD';

/**
 * The verdict on the chain, decided on `ok` alone: a broken chain with no broken entry is one
 * whose newest entries were deleted (its stored head no longer matches the last entry).
 */
export function verificationMessage(verification: FeedVerification): string {
  if (verification.ok) return feedVerified(verification.checked);
  if (verification.firstBroken === null) return FEED_HEAD_MISSING;
  return feedBroken(dayjs(verification.firstBroken.createdAt).format('MMM D, YYYY h:mm A'));
}

/**
 * The feed's tools: the CSV of a period (fetched with the api client, which carries the bearer
 * token a plain link could not, then saved through an object URL) and the check of the
 * tamper-evident chain, which names the first entry that no longer matches.
 */
export function FeedTools() {
  const { api } = useParcel();
  const mounted = useMounted();
  const today = dayjs().format(DAY);
  const [from, setFrom] = useState(() => dayjs().subtract(29, 'day').format(DAY));
  const [to, setTo] = useState(today);
  const [downloading, setDownloading] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [verification, setVerification] = useState<FeedVerification | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);

  const download = async (event: FormEvent) => {
    event.preventDefault();
    // A reversed range is swapped, never refused.
    const [first, last] = from <= to ? [from, to] : [to, from];
    setDownloading(true);
    setExportError(null);
    try {
      const csv = await fetchActivitiesCsv(api, { from: first, to: last });
      saveBlob(csv, activityCsvName(first, last));
    } catch (error) {
      if (mounted()) setExportError(apiMessageOrNull(error) ?? EXPORT_FAILED);
    } finally {
      if (mounted()) setDownloading(false);
    }
  };

  const verify = async () => {
    setVerifying(true);
    // The last run's answer goes, so a result on screen is always this run's.
    setVerification(null);
    setVerifyError(null);
    try {
      const answer = await verifyActivities(api);
      if (mounted()) setVerification(answer);
    } catch (error) {
      // The api's own words when it has some (e.g. a run moments ago: 'try again in 7 s').
      if (mounted()) setVerifyError(apiMessageOrNull(error) ?? VERIFY_FAILED);
    } finally {
      if (mounted()) setVerifying(false);
    }
  };

  return (
    <div className="pos-feed-tools">
      <form onSubmit={download}>
        <fieldset className="pos-feed-tools__export">
          <legend className="pos-feed-tools__legend">{EXPORT_PERIOD}</legend>
          <TextInput
            label={FROM}
            type="date"
            value={from}
            max={today}
            required
            onChange={(event) => setFrom(event.target.value)}
          />
          <TextInput
            label={TO}
            type="date"
            value={to}
            max={today}
            required
            onChange={(event) => setTo(event.target.value)}
          />
          <Button
            type="submit"
            variant="secondary"
            icon="download"
            loading={downloading}
            data-testid={ids.download}
          >
            {DOWNLOAD_CSV}
          </Button>
          {exportError && (
            <p className="pos-feed-tools__error" role="alert">
              {exportError}
            </p>
          )}
        </fieldset>
      </form>
      <div className="pos-feed-tools__verify">
        <Button
          variant="secondary"
          icon="shield"
          loading={verifying}
          onClick={verify}
          data-testid={ids.verify}
        >
          {VERIFY_FEED}
        </Button>
        <div aria-live="polite" data-testid={ids.verifyResult}>
          {verifyError && <p className="pos-feed-tools__error">{verifyError}</p>}
          {verification !== null && (
            <p className={`pos-feed-tools__result ${verification.ok ? 'is-ok' : 'is-broken'}`}>
              <Icon name={verification.ok ? 'check' : 'warning'} size={16} />
              {verificationMessage(verification)}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
