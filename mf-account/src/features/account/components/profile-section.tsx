import { AUTH_PATHS, type Profile } from '@keisha/contracts/identity';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { getProfile } from '../api/get-profile.ts';
import { updateProfile } from '../api/update-profile.ts';
import {
  hasErrors,
  PROFILE_MESSAGES,
  profileUpdateOf,
  profileValuesOf,
  validateProfile,
  type ProfileErrors,
  type ProfileValues,
} from '../domain/profile-form.ts';
import styles from './account-page.module.css';

type SaveStatus = { kind: 'idle' } | { kind: 'busy' } | { kind: 'saved' } | { kind: 'failed'; message: string };

function ProfileForm({ initial }: { initial: Profile }) {
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(initial));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const busy = status.kind === 'busy';

  const edit = (field: keyof ProfileValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (status.kind !== 'busy') setStatus({ kind: 'idle' });
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validateProfile(values);
    setErrors(found);
    if (hasErrors(found)) {
      setStatus({ kind: 'idle' });
      return;
    }
    setStatus({ kind: 'busy' });
    try {
      const saved = await updateProfile(profileUpdateOf(values));
      setValues(profileValuesOf(saved));
      setStatus({ kind: 'saved' });
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(error, 'Could not save your profile. Please try again.') });
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
      <TextField
        label="Username"
        name="username"
        autoComplete="nickname"
        spellCheck={false}
        maxLength={200}
        value={values.username}
        onChange={edit('username')}
        error={errors.username}
        disabled={busy}
      />
      <TextField
        label="Avatar URL"
        name="avatar_url"
        type="url"
        inputMode="url"
        autoComplete="photo"
        spellCheck={false}
        placeholder="https://"
        hint="A link to a square image, starting with https://"
        value={values.avatarUrl}
        onChange={edit('avatarUrl')}
        error={errors.avatarUrl}
        disabled={busy}
      />
      <TextField
        label="Website"
        name="website"
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="https://"
        value={values.website}
        onChange={edit('website')}
        error={errors.website}
        disabled={busy}
      />
      {status.kind === 'saved' && <Notice kind="success">{PROFILE_MESSAGES.saved}</Notice>}
      {status.kind === 'failed' && <Notice kind="error">{status.message}</Notice>}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

/** The public profile: username, avatar and website, loaded from and saved to the identity service. */
export function ProfileSection({ userId, headingId }: { userId: string; headingId: string }) {
  const profile = useRemoteData(`${AUTH_PATHS.profile}:${userId}`, getProfile);
  const { state } = profile;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Profile
      </h2>
      <p className={styles.sectionLead}>How you appear in Keisha. Leave a field empty to clear it.</p>
      {state.status === 'loading' && <Loading label="Loading your profile..." />}
      {state.status === 'failed' && (
        <div className={styles.failed}>
          <Notice kind="error">{errorMessage(state.error, 'Could not load your profile. Please try again.')}</Notice>
          <Button size="small" onClick={profile.reload}>
            Try again
          </Button>
        </div>
      )}
      {state.status === 'ready' && <ProfileForm initial={state.data} />}
    </section>
  );
}
