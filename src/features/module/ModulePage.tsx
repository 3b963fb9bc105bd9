import { Button } from '@chakra-ui/react';
import { ListTree } from 'lucide-react';
import { useLocation } from 'wouter';
import { moduleResource } from '../../../models/resources/sites';
import { STATUS_ACTIVE } from '../../../models/common';
import { t } from '../../i18n';
import { ResourcePage } from '../resource/ResourcePage';
import { usePermissions } from '../../app/permissions';

const defaults = { status: STATUS_ACTIVE, sort: 0, description: '' };

/** Content models (/Module/index); each row opens its fields. */
export default function ModulePage() {
  const [, navigate] = useLocation();
  // A model's fields are a page of their own, which the role may not include.
  const mayManageFields = usePermissions().mayOpen('/ModelField/index');
  return (
    <ResourcePage
      def={moduleResource}
      defaults={defaults}
      rowActions={(row) =>
        mayManageFields && (
          <Button size="xs" variant="outline" onClick={() => navigate(`/ModelField/index?model_id=${row.id}`)} data-testid={`fields-${row.id}`}>
            <ListTree /> {t('resources.module.manageFields')}
          </Button>
        )
      }
    />
  );
}
