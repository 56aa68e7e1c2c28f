import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FileDownloadOutlined from '#icons/FileDownloadOutlined';

/** The toolbar's 'Descargar data' button: a spinner and no second click while the file is coming. */
export function DownloadButton({
  label,
  downloading,
  onClick,
}: {
  label: string;
  downloading: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="outlined"
      onClick={onClick}
      disabled={downloading}
      aria-busy={downloading}
      startIcon={
        downloading ? <CircularProgress size={18} color="inherit" aria-hidden /> : <FileDownloadOutlined />
      }
    >
      {label}
    </Button>
  );
}
