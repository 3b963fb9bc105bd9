import { optLogResource } from '../../../models/resources';
import { ResourcePage } from '../resource/ResourcePage';

export default function OptLogPage() {
  return <ResourcePage def={optLogResource} />;
}
