import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** DB-IP's licence (CC BY 4.0) asks for this link wherever the locations it gives are shown or used. */
export function LocationAttribution() {
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      Visitor locations:{' '}
      <Link href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
        IP Geolocation by DB-IP
      </Link>
    </Typography>
  );
}
