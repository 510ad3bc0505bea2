import { useLoad, useMounted, useParcel } from '@pos/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchUserSettings, updateUserSettings } from '../api';
import { refusalText } from '../refusal';
import { SETTING_NOT_SAVED } from '../texts';
import type { AssistantSettingsChange, UserSettings } from '../types';

/**
 * The Assistant's user settings (GET user-settings): 'Show Assistant in POS', saved with PUT
 * user-settings {showAssistantInPOS}, and firstTaskCompleted, set once (PUT {firstTaskCompleted:
 * true}) when the first completion bubble was shown. Each saved change is told on the bus
 * (settings-changed), so the shell's copy of the settings follows.
 */
export function useAssistantSettings() {
  const { api, bus } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchUserSettings(api, signal), [api]);
  const settings = useLoad(load);
  const { data, setData } = settings;
  const isMounted = useMounted();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<UserSettings | null>(data);
  const firstTaskSent = useRef(false);

  useEffect(() => {
    latest.current = data;
  }, [data]);

  const save = useCallback(
    async (change: AssistantSettingsChange) => {
      const saved = await updateUserSettings(api, change);
      if (isMounted()) setData(() => saved);
      bus.emit('settings-changed');
      return saved;
    },
    [api, bus, isMounted, setData],
  );

  const setShowInPos = useCallback(
    async (showAssistantInPOS: boolean) => {
      setSaving(true);
      setError(null);
      try {
        await save({ showAssistantInPOS });
      } catch (failure) {
        if (isMounted()) setError(refusalText(failure, SETTING_NOT_SAVED));
      } finally {
        if (isMounted()) setSaving(false);
      }
    },
    [isMounted, save],
  );

  /** Sets firstTaskCompleted unless it is set (or being set) already. */
  const markFirstTaskCompleted = useCallback(() => {
    if (firstTaskSent.current || latest.current?.firstTaskCompleted) return;
    firstTaskSent.current = true;
    save({ firstTaskCompleted: true }).catch(() => {
      // Asked again at the next completion.
      firstTaskSent.current = false;
    });
  }, [save]);

  return {
    status: settings.status,
    settings: data,
    saving,
    error,
    setShowInPos,
    markFirstTaskCompleted,
  };
}
