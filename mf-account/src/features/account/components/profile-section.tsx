import { AUTH_PATHS, type Profile } from '@keisha/contracts/identity';
import { FieldForm } from '../../../components/field-form.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Loading } from '../../../components/loading.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFieldForm } from '../../../lib/use-field-form.ts';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { getProfile } from '../api/get-profile.ts';
import { updateProfile } from '../api/update-profile.ts';
import { PROFILE_MESSAGES, profileUpdateOf, profileValuesOf, validateProfile } from '../domain/profile-form.ts';
import { AccountSection } from './account-section.tsx';
import styles from './account-page.module.css';

function ProfileForm({ initial }: { initial: Profile }) {
  const form = useFieldForm(() => profileValuesOf(initial));
  const submit = form.submit({
    validate: validateProfile,
    send: async (values) => profileValuesOf(await updateProfile(profileUpdateOf(values))),
    failure: (error) => errorMessage(error, 'Could not save your profile. Please try again.'),
  });
  // Both addresses: no spelling check, and the browser's keyboard for web addresses.
  const webAddress = { type: 'url', inputMode: 'url', spellCheck: false, placeholder: 'https://' } as const;

  return (
    <FieldForm status={form.status} onSubmit={submit} done={PROFILE_MESSAGES.saved} submitLabel="Save profile" busyLabel="Saving..." classes={styles}>
      <TextField label="Username" name="username" autoComplete="nickname" spellCheck={false} maxLength={200} {...form.field('username')} />
      <TextField
        label="Avatar URL"
        name="avatar_url"
        autoComplete="photo"
        hint="A link to a square image, starting with https://"
        {...webAddress}
        {...form.field('avatarUrl')}
      />
      <TextField label="Website" name="website" autoComplete="url" {...webAddress} {...form.field('website')} />
    </FieldForm>
  );
}

/** The public profile: username, avatar and website, loaded from and saved to the identity service. */
export function ProfileSection({ userId, headingId }: { userId: string; headingId: string }) {
  const profile = useRemoteData(`${AUTH_PATHS.profile}:${userId}`, getProfile);
  const { state } = profile;
  return (
    <AccountSection headingId={headingId} title="Profile" lead="How you appear in Keisha. Leave a field empty to clear it.">
      {state.status === 'loading' && <Loading label="Loading your profile..." />}
      {state.status === 'failed' && (
        <LoadFailed error={state.error} fallback="Could not load your profile. Please try again." onRetry={profile.reload} className={styles.failed} />
      )}
      {state.status === 'ready' && <ProfileForm initial={state.data} />}
    </AccountSection>
  );
}
