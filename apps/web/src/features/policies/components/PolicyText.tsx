import { Fragment, type ReactNode } from 'react';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { EMAIL_TOKEN } from '../content/policy-document';

export interface ContactEmail {
  /** The configured address, or null when the server has none. */
  address: string | null;
  pending: boolean;
}

/** One text of a policy, with each `{email}` as a mailto link to the configured address. */
export function PolicyText({ text, email }: { text: string; email: ContactEmail }) {
  const parts = text.split(EMAIL_TOKEN);
  if (parts.length === 1) {
    return text;
  }
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? <Email email={email} /> : null}
    </Fragment>
  ));
}

function Email({ email }: { email: ContactEmail }): ReactNode {
  const { t } = useTranslation();
  if (email.pending) {
    return (
      <Skeleton
        variant="text"
        component="span"
        aria-label={t('policies.loadingEmail')}
        sx={{ display: 'inline-block', width: '14ch', verticalAlign: 'middle' }}
      />
    );
  }
  if (!email.address) {
    return t('policies.emailFallback');
  }
  return (
    <Link href={`mailto:${email.address}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {email.address}
    </Link>
  );
}
