import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { useClientConfig } from '../../../lib/resources';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { ConfirmPrivacyRequest, PublicPrivacyRequest } from '../../privacy-requests';
import { PolicyArticle } from '../components/PolicyArticle';
import { privacy } from '../content/privacy';
import { terms } from '../content/terms';

const tabs = ['terminos', 'privacidad'] as const;
type PolicyTab = (typeof tabs)[number];

/**
 * `?tab=privacidad` opens the privacy policy; no parameter (or an unknown one), the terms.
 * `?confirmar=<token>`: the link e-mailed to a parent who filed a request under Ley 21.719 lands
 * here (issue 22.3), on the page that explains the rights, rather than on a route of its own.
 */
const params = { tab: urlParam.oneOf(tabs, 'terminos'), confirmar: urlParam.id() };

/** The brand blue is too light for text on white: the open tab's label uses its dark shade. */
const tabSx = { '&.Mui-selected': { color: 'primary.dark' } } as const;

const documents = { terminos: terms, privacidad: privacy } as const;

/**
 * /terminos-condiciones (spec 001 §2, §9), public: two tabs, Términos y Condiciones and Política de
 * Privacidad, the open one kept in the URL so either can be linked to. Under the privacy policy, the
 * form to exercise one's rights without an account (issue 22.3).
 */
export function PoliciesPage() {
  const { t } = useTranslation();
  const [{ tab, confirmar }, setUrl] = useUrlState(params);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const config = useClientConfig();
  // No configuration (an older server, offline): the texts name 'nuestro correo de contacto'.
  const email = { address: config.data?.contactEmail || null, pending: config.isPending };
  const tabId = (value: PolicyTab) => `policies-tab-${value}`;
  const panelId = (value: PolicyTab) => `policies-panel-${value}`;

  return (
    <>
      <PageTitle title={t('policies.title')} />
      {confirmar ? <ConfirmPrivacyRequest token={confirmar} /> : null}
      <Tabs
        value={tab}
        onChange={(_event, value: PolicyTab) => setUrl({ tab: value }, { replace: true })}
        aria-label={t('policies.tabsLabel')}
        // On phones the two tabs share the width (their labels may wrap) rather than scroll sideways.
        variant={phone ? 'fullWidth' : 'standard'}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          sx={tabSx}
          value="terminos"
          label={t('policies.termsTab')}
          id={tabId('terminos')}
          aria-controls={panelId('terminos')}
        />
        <Tab
          sx={tabSx}
          value="privacidad"
          label={t('policies.privacyTab')}
          id={tabId('privacidad')}
          aria-controls={panelId('privacidad')}
        />
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <PolicyArticle key={tab} document={documents[tab]} anchorPrefix={tab} email={email} />
        {/* 'Cómo ejercer tus derechos' points here: the form of those without an account. */}
        {tab === 'privacidad' ? <PublicPrivacyRequest /> : null}
      </Box>
    </>
  );
}
