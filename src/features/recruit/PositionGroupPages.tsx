import { positionCateResource, positionCityResource } from '../../../models/resources/recruit';
import { ResourcePage } from '../resource/ResourcePage';

/** Job categories of the current site (/JobCate/index); one still used by positions cannot be deleted. */
export function JobCatePage() {
  return <ResourcePage def={positionCateResource} defaults={{ name: '', sort: 0 }} dialogWidth={480} />;
}

/** Job cities of the current site (/JobCity/index). */
export function JobCityPage() {
  return <ResourcePage def={positionCityResource} defaults={{ name: '', sort: 0 }} dialogWidth={480} />;
}
