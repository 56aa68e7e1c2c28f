import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PolicyDocument } from '../content/policy-document';
import { PolicyText, type ContactEmail } from './PolicyText';

/** '2021-03-30' → '30 de marzo de 2021' (a calendar date: no time zone may shift it). */
const longDate = new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeZone: 'UTC' });

interface PolicyArticleProps {
  document: PolicyDocument;
  /** Prefix of the section anchors, so both documents' anchors stay distinct ('privacidad-cookies'). */
  anchorPrefix: string;
  email: ContactEmail;
}

/** A policy: its title, date of last change, an index of its sections (wide screens) and the text. */
export function PolicyArticle({ document, anchorPrefix, email }: PolicyArticleProps) {
  const { t } = useTranslation();
  const indexId = useId();
  const anchor = (id: string) => `${anchorPrefix}-${id}`;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 260px' },
        gap: 4,
        alignItems: 'start',
      }}
    >
      <Paper
        component="article"
        variant="outlined"
        sx={{ p: { xs: 2.5, md: 5 }, minWidth: 0, '& p': { lineHeight: 1.7 } }}
      >
        <Typography variant="h2" sx={{ mb: 0.5 }}>
          {document.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {t('policies.updatedAt')}{' '}
          <time dateTime={document.updatedAt}>{longDate.format(new Date(document.updatedAt))}</time>
        </Typography>
        {document.intro.map((text, index) => (
          <Typography key={index} sx={{ mb: 2 }}>
            <PolicyText text={text} email={email} />
          </Typography>
        ))}
        {document.sections.map((section) => (
          <Box
            component="section"
            key={section.id}
            id={anchor(section.id)}
            aria-labelledby={`${anchor(section.id)}-title`}
            sx={{ mt: 4, scrollMarginTop: 88 }}
          >
            <Typography variant="h3" id={`${anchor(section.id)}-title`} sx={{ mb: 1.5 }}>
              {section.heading}
            </Typography>
            {section.blocks.map((block, index) =>
              typeof block === 'string' ? (
                <Typography key={index} sx={{ mb: 1.5 }}>
                  <PolicyText text={block} email={email} />
                </Typography>
              ) : (
                <Box
                  component="ul"
                  key={index}
                  sx={{ mt: 0, mb: 1.5, pl: 3, '& li': { mb: 0.75, lineHeight: 1.7 } }}
                >
                  {block.list.map((item) => (
                    <Typography component="li" key={item}>
                      <PolicyText text={item} email={email} />
                    </Typography>
                  ))}
                </Box>
              ),
            )}
          </Box>
        ))}
      </Paper>
      <Box
        component="nav"
        aria-labelledby={indexId}
        sx={{ display: { xs: 'none', lg: 'block' }, position: 'sticky', top: 88 }}
      >
        <Typography
          id={indexId}
          variant="overline"
          component="h2"
          color="text.secondary"
          sx={{ display: 'block', mb: 1, fontWeight: 700 }}
        >
          {t('policies.contents')}
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 2, borderColor: 'divider' }}>
          {document.sections.map((section) => (
            <li key={section.id}>
              <Link
                href={`#${anchor(section.id)}`}
                underline="hover"
                variant="body2"
                sx={{ display: 'block', py: 0.5, pl: 2, color: 'text.secondary' }}
              >
                {section.heading}
              </Link>
            </li>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
