import type { Migration } from 'kysely/migration';
import * as initial from './20261122T0000_initial';
import * as orders from './20261122T0100_orders';
import * as sharedImages from './20261122T0200_shared_images';
import * as catalogVersion from './20261123T0000_catalog_version';
import * as lowStockAndPeriods from './20261124T0000_low_stock_and_periods';
import * as afterOrder from './20261124T0100_after_order';
import * as pictureHashes from './20261125T0000_picture_hashes';
import * as endedSessions from './20261125T0100_ended_sessions';
import * as orderEventStaff from './20261125T0100_order_event_staff';
import * as outboxFailed from './20261125T0200_outbox_failed';
import * as variants from './20261125T0200_variants';
import * as search from './20261125T0300_search';
import * as listingKeys from './20261125T0500_listing_keys';
import * as staffRoles from './20261125T0500_staff_roles';
import * as auditLog from './20261125T0510_audit_log';
import * as catalogImports from './20261125T0510_catalog_imports';
import * as customerBlocks from './20261125T0520_customer_blocks';
import * as orderList from './20261125T0630_order_list';
import * as listVersions from './20261125T0800_list_versions';
import * as staffSortIndexes from './20261125T0801_staff_sort_indexes';
import * as staffTopCounts from './20261125T0802_staff_top_counts';
import * as productStockVersion from './20261125T0803_product_stock_version';
import * as orderFilterCover from './20261125T0804_order_filter_cover';
import * as searchKeys from './20261125T0830_search_keys';
import * as customerSearch from './20261125T0845_customer_search';
import * as moreSynonyms from './20261125T0900_more_synonyms';
import * as accounts from './20261128T1300_accounts';
import * as emailVerification from './20261129T0005_email_verification';
import * as shopPages from './20261129T0010_shop_pages';
import * as orderTruth from './20261129T0100_order_truth';
import * as productOldSlugs from './20261129T0300_product_old_slugs';
import * as typeSynonyms from './20261129T0500_type_synonyms';
import * as promotions from './20261130T0100_promotions';
import * as newsletterCodes from './20261130T0110_newsletter_codes';
import * as delivery from './20261130T0200_delivery';
import * as returns from './20261130T0300_returns';
import * as returnPriceDifference from './20261130T0301_return_price_difference';
import * as gst from './20261130T0400_gst';
import * as reviews from './20261130T0500_reviews';
import * as wishlist from './20261130T0510_wishlist';
import * as stockAlerts from './20261130T0520_stock_alerts';
import * as stockLedger from './20261130T0600_stock_ledger';
import * as reportDays from './20261130T0610_report_days';
import * as promotionRequires from './20261201T0100_promotion_requires';
import * as reportDiscounts from './20261201T0110_report_discounts';
import * as courier from './20261201T0200_courier';
import * as valueBands from './20261201T0300_value_bands';
import * as longSettings from './20261201T0301_long_settings';
import * as reminderMails from './20261201T0500_reminder_mails';
import * as reviewRatingIndex from './20261201T0510_review_rating_index';
import * as lowStockAlerts from './20261201T0600_low_stock_alerts';
import * as codRemittances from './20261201T0610_cod_remittances';
import * as reportOrderSeen from './20261201T0620_report_order_seen';
import * as discountRedemptions from './20261202T0100_discount_redemptions';
import * as zonesVersion from './20261202T0200_zones_version';

/**
 * Every migration, by its timestamped name. Listed statically (not read from the folder) so that the
 * API runs the same from source and from a bundle. Never edit a landed migration: add a new one.
 */
export const migrations: Record<string, Migration> = {
  '20261122T0000_initial': initial,
  '20261122T0100_orders': orders,
  '20261122T0200_shared_images': sharedImages,
  '20261123T0000_catalog_version': catalogVersion,
  '20261124T0000_low_stock_and_periods': lowStockAndPeriods,
  '20261124T0100_after_order': afterOrder,
  '20261125T0000_picture_hashes': pictureHashes,
  '20261125T0100_ended_sessions': endedSessions,
  '20261125T0100_order_event_staff': orderEventStaff,
  '20261125T0200_outbox_failed': outboxFailed,
  '20261125T0200_variants': variants,
  '20261125T0300_search': search,
  '20261125T0500_listing_keys': listingKeys,
  '20261125T0500_staff_roles': staffRoles,
  '20261125T0510_audit_log': auditLog,
  '20261125T0510_catalog_imports': catalogImports,
  '20261125T0520_customer_blocks': customerBlocks,
  '20261125T0630_order_list': orderList,
  '20261125T0800_list_versions': listVersions,
  '20261125T0801_staff_sort_indexes': staffSortIndexes,
  '20261125T0802_staff_top_counts': staffTopCounts,
  '20261125T0803_product_stock_version': productStockVersion,
  '20261125T0804_order_filter_cover': orderFilterCover,
  '20261125T0830_search_keys': searchKeys,
  '20261125T0845_customer_search': customerSearch,
  '20261125T0900_more_synonyms': moreSynonyms,
  '20261128T1300_accounts': accounts,
  '20261129T0005_email_verification': emailVerification,
  '20261129T0010_shop_pages': shopPages,
  '20261129T0100_order_truth': orderTruth,
  '20261129T0300_product_old_slugs': productOldSlugs,
  '20261129T0500_type_synonyms': typeSynonyms,
  '20261130T0100_promotions': promotions,
  '20261130T0110_newsletter_codes': newsletterCodes,
  '20261130T0200_delivery': delivery,
  '20261130T0300_returns': returns,
  '20261130T0301_return_price_difference': returnPriceDifference,
  '20261130T0400_gst': gst,
  '20261130T0500_reviews': reviews,
  '20261130T0510_wishlist': wishlist,
  '20261130T0520_stock_alerts': stockAlerts,
  '20261130T0600_stock_ledger': stockLedger,
  '20261130T0610_report_days': reportDays,
  '20261201T0100_promotion_requires': promotionRequires,
  '20261201T0110_report_discounts': reportDiscounts,
  '20261201T0200_courier': courier,
  '20261201T0300_value_bands': valueBands,
  '20261201T0301_long_settings': longSettings,
  '20261201T0500_reminder_mails': reminderMails,
  '20261201T0510_review_rating_index': reviewRatingIndex,
  '20261201T0600_low_stock_alerts': lowStockAlerts,
  '20261201T0610_cod_remittances': codRemittances,
  '20261201T0620_report_order_seen': reportOrderSeen,
  '20261202T0100_discount_redemptions': discountRedemptions,
  '20261202T0200_zones_version': zonesVersion,
};
