import type { ChatUsage } from '@keisha/contracts/chat';
import { useKeisha } from '@keisha/store';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchUsage } from '../api/get-usage.ts';
import { DEFAULT_PROFILE, profileFromUsage, type ChatProfile } from '../domain/profile.ts';

export interface ChatProfileState {
  /** False until the first answer (or failure): the input waits for it (spec section 5). */
  loaded: boolean;
  profile: ChatProfile;
  /** Read again (Settings, after a purchase). */
  reload: () => void;
  /** The usage an answer came back with. */
  update: (usage: ChatUsage | null | undefined) => void;
}

/** The signed-in person's plan and today's count, from the chat service; the default Free profile when it cannot be read. */
export function useChatProfile(): ChatProfileState {
  const userId = useKeisha((s) => s.auth.user?.id ?? null);
  const [profile, setProfile] = useState<ChatProfile>(DEFAULT_PROFILE);
  const [loaded, setLoaded] = useState(false);
  const [version, setVersion] = useState(0);
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!userId) {
      setLoaded(false);
      return;
    }
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    fetchUsage(controller.signal).then(
      (response) => {
        if (controller.signal.aborted) return;
        setProfile(profileFromUsage(response.usage));
        setLoaded(true);
      },
      () => {
        if (controller.signal.aborted) return;
        setProfile(DEFAULT_PROFILE);
        setLoaded(true);
      },
    );
    return () => controller.abort();
  }, [userId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const update = useCallback((usage: ChatUsage | null | undefined) => {
    if (usage) setProfile(profileFromUsage(usage));
  }, []);

  return { loaded, profile, reload, update };
}
