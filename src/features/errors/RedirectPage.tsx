import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Spinner, Center } from '@chakra-ui/react';
import { REDIRECT_PREFIX } from '../../routes/registry';
import { redirectTarget } from '../../../models/routing';

/** /redirect/{path}: a reload helper that replaces itself with /{path}, query included. */
export default function RedirectPage() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    // Once replaced, the address is the target's: this page is on its way out and must not redirect again.
    if (!location.startsWith(REDIRECT_PREFIX)) return;
    navigate(redirectTarget(search ? `${location}?${search}` : location), { replace: true });
  }, [location, search, navigate]);
  return (
    <Center py="10">
      <Spinner />
    </Center>
  );
}
