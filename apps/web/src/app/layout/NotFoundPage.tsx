import Button from '@mui/material/Button';
import TravelExploreOutlined from '#icons/TravelExploreOutlined';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from './MessagePage';

/** Any unknown path (spec 000 §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={<TravelExploreOutlined fontSize="inherit" />}
      title={t('notFound.title')}
      action={
        <Button variant="contained" size="large" component={Link} to="/">
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
