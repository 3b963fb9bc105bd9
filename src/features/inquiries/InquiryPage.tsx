import { inquiryResource } from '../../../models/resources/inquiry';
import { ResourcePage } from '../resource/ResourcePage';

/** The current site's inquiries from the public contact form (read-only for now). */
export default function InquiryPage() {
  return <ResourcePage def={inquiryResource} />;
}
