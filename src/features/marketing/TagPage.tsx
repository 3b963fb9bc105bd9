import { tagResource } from '../../../models/resources/marketing';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';

export default function TagPage() {
  const { list, form } = useResourceScreen(tagResource);
  return <ResourceView def={tagResource} list={list} form={form} defaults={{ sort: 0, alias: '', description: '' }} />;
}
