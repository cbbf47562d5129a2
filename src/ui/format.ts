// Display formats shared by screens.
export { formatPrice } from '@/contract/price';
