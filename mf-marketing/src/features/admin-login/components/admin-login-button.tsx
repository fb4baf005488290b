import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { buttonStyles as buttons } from '@keisha/ui';
import { paths } from '../../../config/paths.ts';
import { AdminLoginDialog } from './admin-login-dialog.tsx';
import styles from './admin-login-dialog.module.css';

/** The navigation's Admin Login button: opens the modal over the page, and goes to the admin area on success. */
export function AdminLoginButton() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className={`${buttons.secondary} ${styles.opener}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Admin Login
      </button>
      {open && (
        <AdminLoginDialog
          onClose={() => setOpen(false)}
          onSignedIn={() => {
            setOpen(false);
            navigate(paths.admin);
          }}
        />
      )}
    </>
  );
}
