package compat

// Fault (go-mysql-server v0.20.0, and this package until agg11): FORMAT's
// third argument took its separators from golang.org/x/text's CLDR data,
// which are not MySQL's: FORMAT(1234567.891, 2, 'fr_FR') was
// '1 234 567,89' (MySQL 8: '1234567,89', fr_FR groups nothing),
// 'de_CH' '1’234’567.89' (MySQL: an ASCII apostrophe), 'en_IN'
// '1,234,567.89' (MySQL: '12,34,567.89', groups of three then two), and an
// unknown locale gave no warning. MySQL 8 (Item_func_format::val_str with
// the MY_LOCALE table of sql/sql_locale.cc, looked up without regard to
// case) writes the locale's decimal point and, where it groups digits,
// its thousands separator between the groups its grouping string names
// (the last size repeating; bg_BG's separator is a NUL byte, as MySQL's
// table has it); a locale it does not know, or NULL, is en_US with
// warning 1649 "Unknown locale: 'xx_YY'". formatLocales is that table, as
// MariaDB 10.11 (which shares it) answers FORMAT(1234567890123.25, 2, …)
// for each of its names, less ka_GE, which MySQL 8 lacks. Pinned by
// TestFormatNumber (every locale, against MariaDB).

import "strings"

// erUnknownLocale is ER_UNKNOWN_LOCALE, FORMAT's warning for a locale
// name it does not know.
const erUnknownLocale = 1649

// numberLocale is how a MySQL locale writes a number: its decimal point,
// its thousands separator and the sizes of its digit groups from the
// right, the last one repeating (none: no grouping).
type numberLocale struct {
	point, sep string
	groups     []int
}

var (
	localeEnUS    = numberLocale{".", ",", []int{3}}
	localeDotNone = numberLocale{point: "."}
	localeComma   = numberLocale{point: ","}
)

// formatLocales maps each MySQL 8 locale name, lower case, to its number
// format.
var formatLocales = func() map[string]numberLocale {
	m := map[string]numberLocale{}
	add := func(l numberLocale, names string) {
		for _, n := range strings.Fields(names) {
			m[strings.ToLower(n)] = l
		}
	}
	add(localeEnUS, "ar_AE ar_BH ar_DZ ar_EG ar_IN ar_IQ ar_JO ar_KW ar_LB ar_LY ar_MA ar_OM ar_QA ar_SD ar_SY ar_TN ar_YE "+
		"en_AU en_CA en_GB en_NZ en_PH en_US en_ZA en_ZW es_DO es_GT es_HN es_MX es_NI es_PA es_PE es_PR es_SV es_US "+
		"gu_IN he_IL hi_IN ja_JP ko_KR ms_MY th_TH ur_PK zh_CN zh_HK zh_TW")
	add(localeDotNone, "ar_SA sr_RS sr_YU")
	add(numberLocale{",", ".", []int{3}}, "be_BY da_DK de_BE de_DE de_LU es_AR es_BO es_CL es_CO es_EC es_ES es_PY es_UY es_VE "+
		"fo_FO hu_HU id_ID is_IS lt_LT mn_MN nb_NO no_NO ro_RO ru_UA sq_AL tr_TR uk_UA vi_VN")
	add(numberLocale{",", "\x00", []int{3}}, "bg_BG")
	add(localeComma, "ca_ES de_AT el_GR eu_ES fr_BE fr_CA fr_CH fr_FR fr_LU gl_ES hr_HR it_IT nl_BE nl_NL pl_PL pt_BR pt_PT sl_SI")
	add(numberLocale{",", " ", []int{3}}, "cs_CZ es_CR et_EE fi_FI lv_LV mk_MK ru_RU sk_SK sv_FI sv_SE")
	add(numberLocale{".", "'", []int{3}}, "de_CH")
	add(numberLocale{".", ",", []int{3, 2}}, "en_IN ta_IN te_IN")
	add(numberLocale{",", "'", []int{3}}, "it_CH rm_CH")
	return m
}()

// lookupLocale returns the number format of the locale name, and false
// (with en_US's) for a name MySQL does not know.
func lookupLocale(name string) (numberLocale, bool) {
	l, ok := formatLocales[strings.ToLower(name)]
	if !ok {
		return localeEnUS, false
	}
	return l, true
}

// write returns digits, [-]whole[.fraction], as l writes it: sep between
// the groups of the whole part, point before the fraction.
func (l numberLocale) write(digits string) string {
	neg := strings.HasPrefix(digits, "-")
	whole, frac, hasFrac := strings.Cut(strings.TrimPrefix(digits, "-"), ".")
	// The whole part's digits from the right, a separator before each
	// group but the first.
	var parts []string
	g := 0
	for len(whole) > 0 {
		size := len(whole)
		if len(l.groups) > 0 {
			size = min(l.groups[min(g, len(l.groups)-1)], len(whole))
			g++
		}
		parts = append(parts, whole[len(whole)-size:])
		whole = whole[:len(whole)-size]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteString(parts[i])
		if i > 0 {
			b.WriteString(l.sep)
		}
	}
	if hasFrac {
		b.WriteString(l.point)
		b.WriteString(frac)
	}
	return b.String()
}
