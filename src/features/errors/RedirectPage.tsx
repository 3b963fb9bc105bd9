import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Spinner, Center } from '@chakra-ui/react';
import { REDIRECT_PREFIX } from '../../routes/registry';
import { safeRedirect } from '../../../models/routing';

/** /redirect/{path}: a reload helper that replaces itself with /{path}. */
export default function RedirectPage() {
  const [location, navigate] = useLocation();
  useEffect(() => {
    navigate(safeRedirect('/' + location.slice(REDIRECT_PREFIX.length)), { replace: true });
  }, [location, navigate]);
  return (
    <Center py="10">
      <Spinner />
    </Center>
  );
}
