// Kubernetes' own rules, written once for the controller, the web app and the design validator:
// which names the API server accepts (DNS-1123 labels and subdomains, DNS-1035 labels).
export {
  DNS1035_LABEL,
  DNS1035_LABEL_MAX,
  DNS1123_LABEL,
  DNS1123_LABEL_MAX,
  DNS1123_SUBDOMAIN,
  DNS1123_SUBDOMAIN_MAX,
  isDns1035Label,
  isDns1123Label,
  isDns1123Subdomain,
  kubeName,
  type KubeNameRule,
} from './names';
