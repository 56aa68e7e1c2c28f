import { useId, type FocusEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ContentCopy from '#icons/ContentCopy';
import EmailOutlined from '#icons/EmailOutlined';
import Facebook from '#icons/Facebook';
import IosShare from '#icons/IosShare';
import Pinterest from '#icons/Pinterest';
import Telegram from '#icons/Telegram';
import Twitter from '#icons/Twitter';
import WhatsApp from '#icons/WhatsApp';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { useToast } from '../../../components/toast';
import { shareLink, shareNetworks, sharedPage, type ShareNetwork } from '../share-links';

const icons: Record<ShareNetwork, ReactNode> = {
  facebook: <Facebook sx={{ color: '#1877F2' }} />,
  twitter: <Twitter sx={{ color: '#1D9BF0' }} />,
  pinterest: <Pinterest sx={{ color: '#E60023' }} />,
  telegram: <Telegram sx={{ color: '#229ED9' }} />,
  whatsapp: <WhatsApp sx={{ color: '#25D366' }} />,
  email: <EmailOutlined sx={{ color: 'text.secondary' }} />,
};

interface ShareDialogProps {
  story: Story;
  open: boolean;
  onClose: () => void;
}

/**
 * Spec 001 §2: share on Facebook, Twitter, Pinterest, Telegram, Whatsapp or by e-mail, as plain links
 * opening in a new tab; the device's own share sheet where the browser has one; and the link to copy.
 */
export default function ShareDialog({ story, open, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const page = sharedPage(story, t('social.shareText', { title: story.title }));
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const shareNatively = async () => {
    try {
      await navigator.share({ title: story.title, text: page.text, url: page.url });
      onClose();
    } catch {
      // The reader closed the sheet (AbortError) or the browser refused: the dialog stays for the links.
    }
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(page.url);
      toast.success(t('social.linkCopied'));
    } catch {
      toast.error(t('social.copyFailed'));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('social.shareTitle')}</DialogTitle>
      <DialogContent>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
            gap: 1,
          }}
        >
          {shareNetworks.map((network) => {
            const name = t(`social.networks.${network}`);
            const isMail = network === 'email';
            return (
              <li key={network}>
                <Button
                  component="a"
                  href={shareLink(network, page)}
                  // A mail link opens the mail program, not a page: no new tab for it.
                  {...(isMail ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
                  aria-label={
                    isMail
                      ? t('social.shareEmail')
                      : `${t('social.shareOn', { network: name })} ${t('social.newTab')}`
                  }
                  sx={{
                    width: '100%',
                    flexDirection: 'column',
                    gap: 0.5,
                    py: 1.25,
                    color: 'text.primary',
                    '& svg': { fontSize: 32 },
                  }}
                >
                  {icons[network]}
                  <Box component="span" aria-hidden sx={{ fontSize: '0.8125rem' }}>
                    {name}
                  </Box>
                </Button>
              </li>
            );
          })}
        </Box>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 1,
            mt: 2.5,
            alignItems: { xs: 'stretch', sm: 'center' },
          }}
        >
          <TextField
            label={t('social.pageLink')}
            value={page.url}
            size="small"
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select(),
              },
            }}
          />
          <Button
            variant="outlined"
            onClick={() => void copyLink()}
            startIcon={<ContentCopy />}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {t('social.copyLink')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions sx={{ justifyContent: canShare ? 'space-between' : 'flex-end', px: 3, pb: 2 }}>
        {canShare ? (
          <Button variant="contained" startIcon={<IosShare />} onClick={() => void shareNatively()}>
            {t('social.shareNative')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
