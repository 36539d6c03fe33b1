/**
 * Postcode districts (outcodes) around the demo agency's eight branch towns, with their post town,
 * a few well-known localities inside each district, and an APPROXIMATE centroid.
 *
 * The centroids are approximations, rounded to three decimal places (about 100 m): they were compiled from
 * openly published outcode centroid lists (derived from OS Code-Point Open) and, for large mixed
 * urban/rural districts, moved towards the main settlement so demo properties land where people live.
 * They are good enough for "near this district" searches and maps, not for surveying. A real deployment
 * should import ONS/OS centroids instead (see `importGazetteer`).
 *
 * `spreadKm` is how far from the centroid demo properties are scattered (small for dense city districts).
 */
export type PostcodeDistrict = {
  outcode: string;
  postTown: string;
  lat: number;
  lng: number;
  localities: string[];
  spreadKm: number;
  /**
   * Compass directions ('n', 'se', …) in which the coast lies within `spreadKm`: demo properties are mirrored
   * away from them so none lands in the Forth or the Severn.
   */
  seaward: string;
};

type Row = [
  outcode: string,
  postTown: string,
  lat: number,
  lng: number,
  localities: string[],
  spreadKm?: number,
  seaward?: string,
];

const rows: Row[] = [
  // Bath and its neighbourhood
  ['BA1', 'Bath', 51.398, -2.365, ['Lansdown', 'Larkhall', 'Weston', 'Bathwick', 'Camden', 'Bathampton'], 1.8],
  ['BA2', 'Bath', 51.368, -2.37, ['Widcombe', 'Combe Down', 'Oldfield Park', 'Bear Flat', 'Odd Down', 'Southdown'], 2.2],
  ['BA3', 'Radstock', 51.287, -2.46, ['Midsomer Norton', 'Westfield', 'Writhlington'], 2.5],
  ['BA11', 'Frome', 51.228, -2.322, ['Berkley', 'Nunney'], 2.5],
  ['BA12', 'Warminster', 51.205, -2.18, ['Boreham', 'Sutton Veny'], 2.5],
  ['BA13', 'Westbury', 51.26, -2.169, ['Bratton', 'Dilton Marsh'], 2.5],
  ['BA14', 'Trowbridge', 51.32, -2.2, ['Hilperton', 'Southwick', 'North Bradley'], 2.5],
  ['BA15', 'Bradford-on-Avon', 51.348, -2.262, ['Winsley', 'Westwood', 'Limpley Stoke'], 2.2],
  ['SN12', 'Melksham', 51.373, -2.14, ['Bowerhill', 'Atworth'], 2.5],
  ['SN13', 'Corsham', 51.428, -2.195, ['Box', 'Neston', 'Rudloe'], 2.5],
  ['SN14', 'Chippenham', 51.47, -2.2, ['Colerne', 'Marshfield', 'Biddestone'], 3],
  ['SN15', 'Chippenham', 51.468, -2.1, ['Pewsham', 'Lacock', 'Langley Burrell'], 2.5],
  ['BS31', 'Bristol', 51.41, -2.495, ['Keynsham', 'Saltford', 'Chewton Keynsham'], 2],
  ['BS39', 'Bristol', 51.33, -2.52, ['Paulton', 'Pensford', 'Clutton', 'Timsbury'], 3],

  // Bristol
  ['BS1', 'Bristol', 51.453, -2.595, ['City Centre', 'Redcliffe', 'Harbourside', 'Temple Quarter'], 0.8],
  ['BS2', 'Bristol', 51.461, -2.58, ['St Pauls', 'Kingsdown', 'St Philips'], 0.9],
  ['BS3', 'Bristol', 51.437, -2.605, ['Bedminster', 'Southville', 'Windmill Hill', 'Ashton Gate'], 1.2],
  ['BS4', 'Bristol', 51.435, -2.563, ['Knowle', 'Brislington', 'Totterdown', 'Arnos Vale'], 1.5],
  ['BS5', 'Bristol', 51.464, -2.55, ['Easton', 'St George', 'Redfield', 'Whitehall'], 1.3],
  ['BS6', 'Bristol', 51.474, -2.598, ['Redland', 'Cotham', 'Montpelier', 'Westbury Park'], 1],
  ['BS7', 'Bristol', 51.487, -2.58, ['Bishopston', 'Horfield', 'Ashley Down', 'Lockleaze'], 1.3],
  ['BS8', 'Bristol', 51.456, -2.62, ['Clifton', 'Hotwells', 'Cliftonwood', 'Clifton Village'], 1],
  ['BS9', 'Bristol', 51.487, -2.622, ['Westbury-on-Trym', 'Stoke Bishop', 'Sneyd Park', 'Henleaze'], 1.3],
  ['BS10', 'Bristol', 51.51, -2.61, ['Henbury', 'Brentry', 'Southmead', 'Westbury-on-Trym'], 1.5],
  ['BS11', 'Bristol', 51.495, -2.67, ['Shirehampton', 'Avonmouth', 'Lawrence Weston'], 1.5, 'nw'],
  ['BS13', 'Bristol', 51.412, -2.611, ['Bishopsworth', 'Hartcliffe', 'Withywood'], 1.4],
  ['BS14', 'Bristol', 51.413, -2.561, ['Whitchurch', 'Stockwood', 'Hengrove'], 1.4],
  ['BS15', 'Bristol', 51.455, -2.505, ['Kingswood', 'Hanham', 'Soundwell'], 1.5],
  ['BS16', 'Bristol', 51.485, -2.51, ['Fishponds', 'Downend', 'Frenchay', 'Staple Hill', 'Mangotsfield'], 1.8],
  ['BS20', 'Bristol', 51.479, -2.752, ['Portishead', 'Pill', 'Easton-in-Gordano'], 2, 'nw'],
  ['BS21', 'Clevedon', 51.437, -2.85, ['Walton St Mary', 'Kenn'], 1.8, 'w'],
  ['BS30', 'Bristol', 51.445, -2.472, ['Warmley', 'Longwell Green', 'Bitton', 'Cadbury Heath'], 2],
  ['BS32', 'Bristol', 51.54, -2.56, ['Bradley Stoke', 'Almondsbury', 'Stoke Gifford'], 2],
  ['BS34', 'Bristol', 51.521, -2.568, ['Filton', 'Patchway', 'Little Stoke'], 1.6],
  ['BS35', 'Bristol', 51.6, -2.53, ['Thornbury', 'Olveston', 'Alveston'], 2.5],
  ['BS36', 'Bristol', 51.526, -2.486, ['Frampton Cotterell', 'Winterbourne', 'Coalpit Heath'], 2],
  ['BS37', 'Bristol', 51.54, -2.414, ['Yate', 'Chipping Sodbury', 'Iron Acton'], 2.2],
  ['BS40', 'Bristol', 51.36, -2.66, ['Chew Magna', 'Winford', 'Blagdon', 'Wrington'], 3],
  ['BS41', 'Bristol', 51.422, -2.651, ['Long Ashton', 'Dundry', 'Failand'], 2],
  ['BS48', 'Bristol', 51.425, -2.745, ['Nailsea', 'Backwell', 'Wraxall'], 2],
  ['BS49', 'Bristol', 51.375, -2.809, ['Yatton', 'Congresbury', 'Claverham'], 2.2],

  // Cheltenham and Gloucester
  ['GL50', 'Cheltenham', 51.9, -2.08, ['Town Centre', 'Montpellier', 'Pittville', 'The Park'], 0.9],
  ['GL51', 'Cheltenham', 51.896, -2.12, ['Hesters Way', 'Benhall', 'Up Hatherley', 'Warden Hill'], 1.5],
  ['GL52', 'Cheltenham', 51.922, -2.055, ['Prestbury', 'Bishops Cleeve', 'Fairview', 'Southam'], 2],
  ['GL53', 'Cheltenham', 51.882, -2.065, ['Charlton Kings', 'Leckhampton', 'Naunton Park'], 1.6],
  ['GL54', 'Cheltenham', 51.95, -1.96, ['Winchcombe', 'Andoversford', 'Guiting Power'], 3],
  ['GL1', 'Gloucester', 51.862, -2.245, ['City Centre', 'Gloucester Docks', 'Kingsholm'], 1],
  ['GL2', 'Gloucester', 51.84, -2.28, ['Quedgeley', 'Hardwicke', 'Longlevens'], 2],
  ['GL3', 'Gloucester', 51.868, -2.18, ['Churchdown', 'Hucclecote', 'Brockworth'], 2],
  ['GL4', 'Gloucester', 51.835, -2.215, ['Tuffley', 'Matson', 'Abbeydale', 'Upton St Leonards'], 1.8],
  ['GL5', 'Stroud', 51.745, -2.22, ['Rodborough', 'Minchinhampton', 'Cashes Green'], 2],
  ['GL6', 'Stroud', 51.77, -2.16, ['Painswick', 'Bisley', 'Chalford'], 2.5],
  ['GL7', 'Cirencester', 51.718, -1.97, ['Chesterton', 'Watermoor', 'Siddington'], 2.5],
  ['GL19', 'Gloucester', 51.94, -2.29, ['Hartpury', 'Corse', 'Staunton'], 3],
  ['GL20', 'Tewkesbury', 51.995, -2.14, ['Northway', 'Ashchurch', 'Bredon'], 2.2],

  // Oxford and Oxfordshire
  ['OX1', 'Oxford', 51.748, -1.258, ['City Centre', 'Jericho', "St Ebbe's", 'Grandpont', 'Osney'], 0.9],
  ['OX2', 'Oxford', 51.772, -1.275, ['Summertown', 'North Oxford', 'Botley', 'Wolvercote'], 1.5],
  ['OX3', 'Oxford', 51.762, -1.213, ['Headington', 'Marston', 'Risinghurst', 'Barton'], 1.5],
  ['OX4', 'Oxford', 51.735, -1.222, ['Cowley', 'Iffley', 'Blackbird Leys', 'East Oxford'], 1.6],
  ['OX5', 'Kidlington', 51.826, -1.28, ['Kidlington', 'Yarnton', 'Islip', 'Begbroke'], 2],
  ['OX7', 'Chipping Norton', 51.94, -1.545, ['Charlbury', 'Kingham'], 2.5],
  ['OX9', 'Thame', 51.745, -0.975, ['Thame', 'Tetsworth'], 2.2],
  ['OX10', 'Wallingford', 51.6, -1.125, ['Cholsey', 'Crowmarsh Gifford', 'Benson'], 2.2],
  ['OX11', 'Didcot', 51.608, -1.245, ['Ladygrove', 'Great Western Park', 'Harwell'], 2],
  ['OX12', 'Wantage', 51.59, -1.427, ['Grove', 'Letcombe Regis'], 2],
  ['OX13', 'Abingdon', 51.666, -1.365, ['Kingston Bagpuize', 'Marcham', 'Cumnor'], 2.5],
  ['OX14', 'Abingdon', 51.668, -1.283, ['Radley', 'Sutton Courtenay', 'Drayton', 'Culham'], 2],
  ['OX18', 'Bampton', 51.76, -1.58, ['Carterton', 'Brize Norton', 'Burford'], 2.5],
  ['OX20', 'Woodstock', 51.848, -1.355, ['Bladon', 'Wootton'], 1.8],
  ['OX25', 'Bicester', 51.909, -1.206, ['Ambrosden', 'Arncott', 'Middleton Stoney'], 2.5],
  ['OX26', 'Bicester', 51.898, -1.153, ['Langford Village', 'Kingsmere', 'Launton'], 1.8],
  ['OX28', 'Witney', 51.787, -1.493, ['Madley Park', 'Cogges', 'Ducklington'], 1.6],
  ['OX29', 'Witney', 51.782, -1.42, ['Eynsham', 'North Leigh', 'Standlake', 'Freeland'], 2.5],
  ['OX33', 'Oxford', 51.752, -1.14, ['Wheatley', 'Horspath', 'Stanton St John'], 2.2],
  ['OX44', 'Oxford', 51.702, -1.14, ['Garsington', 'Chalgrove', 'Stadhampton'], 2.5],
  ['OX49', 'Watlington', 51.647, -1.008, ['Pyrton', 'Christmas Common'], 2],

  // York
  ['YO1', 'York', 53.958, -1.08, ['City Centre', 'Bishophill', 'Bootham', 'Micklegate'], 0.7],
  ['YO10', 'York', 53.948, -1.058, ['Fulford', 'Heslington', 'Osbaldwick', 'Fishergate'], 1.4],
  ['YO19', 'York', 53.92, -1.02, ['Dunnington', 'Wheldrake', 'Elvington', 'Deighton'], 3],
  ['YO23', 'York', 53.915, -1.14, ['Bishopthorpe', 'Copmanthorpe', 'Acaster Malbis', 'South Bank'], 2.2],
  ['YO24', 'York', 53.946, -1.117, ['Dringhouses', 'Acomb', 'Woodthorpe', 'Foxwood'], 1.3],
  ['YO26', 'York', 53.968, -1.14, ['Holgate', 'Poppleton', 'Leeman Road', 'Rufforth'], 1.8],
  ['YO30', 'York', 53.978, -1.105, ['Clifton', 'Rawcliffe', 'Skelton', 'Clifton Moor'], 1.5],
  ['YO31', 'York', 53.969, -1.063, ['Heworth', 'Tang Hall', 'The Groves', 'Layerthorpe'], 1.1],
  ['YO32', 'York', 54.008, -1.06, ['Haxby', 'Huntington', 'Strensall', 'Wigginton'], 2.2],
  ['YO41', 'York', 53.985, -0.92, ['Stamford Bridge', 'Wilberfoss', 'Full Sutton'], 2.5],
  ['YO42', 'York', 53.93, -0.779, ['Pocklington', 'Barmby Moor'], 2.2],
  ['YO43', 'York', 53.865, -0.665, ['Market Weighton', 'Holme-on-Spalding-Moor'], 2.5],
  ['YO51', 'York', 54.09, -1.4, ['Boroughbridge', 'Aldborough', 'Langthorpe'], 2],
  ['YO60', 'York', 54.07, -0.96, ['Sheriff Hutton', 'Flaxton', 'Castle Howard'], 3],
  ['YO61', 'York', 54.1, -1.2, ['Easingwold', 'Linton-on-Ouse', 'Tollerton'], 2.5],
  ['YO62', 'York', 54.242, -0.993, ['Helmsley', 'Kirkbymoorside'], 3],
  ['YO8', 'Selby', 53.785, -1.07, ['Riccall', 'Cawood', 'Barlby'], 2.5],
  ['LS24', 'Tadcaster', 53.884, -1.262, ['Tadcaster', 'Bilbrough', 'Ulleskelf'], 2],

  // Harrogate and Nidderdale
  ['HG1', 'Harrogate', 54.0, -1.535, ['Town Centre', 'Duchy', 'Bilton', 'Jennyfields'], 1.3],
  ['HG2', 'Harrogate', 53.982, -1.527, ['Oatlands', 'Hookstone', 'Harlow Hill', 'Saltergate'], 1.3],
  ['HG3', 'Harrogate', 53.975, -1.585, ['Pannal', 'Killinghall', 'Hampsthwaite', 'Birstwith'], 3],
  ['HG4', 'Ripon', 54.14, -1.525, ['Bishopton', 'Sharow', 'Littlethorpe'], 2],
  ['HG5', 'Knaresborough', 54.008, -1.465, ['Scriven', 'Calcutt', 'Boroughbridge Road'], 1.8],
  ['LS17', 'Leeds', 53.878, -1.525, ['Alwoodley', 'Harewood', 'Shadwell'], 2],
  ['LS21', 'Otley', 53.905, -1.69, ['Pool-in-Wharfedale', 'Burley Woodhead', 'Newall'], 2],
  ['LS22', 'Wetherby', 53.93, -1.39, ['Collingham', 'Linton', 'Kirk Deighton'], 2],
  ['LS23', 'Wetherby', 53.904, -1.354, ['Boston Spa', 'Bramham', 'Clifford'], 2],
  ['LS29', 'Ilkley', 53.925, -1.822, ['Ben Rhydding', 'Burley-in-Wharfedale'], 2],

  // Edinburgh and the Lothians
  ['EH1', 'Edinburgh', 55.951, -3.19, ['Old Town', 'Canongate', 'Grassmarket'], 0.5],
  ['EH2', 'Edinburgh', 55.954, -3.196, ['New Town', 'St Andrew Square', 'George Street'], 0.4],
  ['EH3', 'Edinburgh', 55.955, -3.207, ['New Town', 'Stockbridge', 'Tollcross', 'West End'], 0.8],
  ['EH4', 'Edinburgh', 55.963, -3.26, ['Comely Bank', 'Blackhall', 'Cramond', "Davidson's Mains"], 1.6, 'n'],
  ['EH5', 'Edinburgh', 55.974, -3.216, ['Trinity', 'Granton', 'Wardie'], 0.9, 'n'],
  ['EH6', 'Edinburgh', 55.971, -3.172, ['Leith', 'Newhaven', 'The Shore'], 0.9, 'n'],
  ['EH7', 'Edinburgh', 55.961, -3.163, ['Abbeyhill', 'Leith Walk', 'Meadowbank', 'Restalrig'], 0.9],
  ['EH8', 'Edinburgh', 55.946, -3.16, ['Newington', 'Holyrood', 'Prestonfield'], 0.9],
  ['EH9', 'Edinburgh', 55.932, -3.186, ['Marchmont', 'The Grange', 'Blackford'], 0.9],
  ['EH10', 'Edinburgh', 55.92, -3.21, ['Morningside', 'Bruntsfield', 'Fairmilehead'], 1.2],
  ['EH11', 'Edinburgh', 55.935, -3.245, ['Gorgie', 'Dalry', 'Sighthill', 'Stenhouse'], 1.3],
  ['EH12', 'Edinburgh', 55.941, -3.28, ['Corstorphine', 'Murrayfield', 'South Gyle', 'Roseburn'], 1.5],
  ['EH13', 'Edinburgh', 55.91, -3.245, ['Colinton', 'Oxgangs', 'Bonaly'], 1.1],
  ['EH14', 'Edinburgh', 55.903, -3.29, ['Juniper Green', 'Currie', 'Balerno', 'Wester Hailes'], 2],
  ['EH15', 'Edinburgh', 55.949, -3.113, ['Portobello', 'Joppa', 'Craigmillar'], 1.1, 'ne'],
  ['EH16', 'Edinburgh', 55.922, -3.15, ['Liberton', 'Craigmillar', 'Little France'], 1.2],
  ['EH17', 'Edinburgh', 55.907, -3.142, ['Gilmerton', 'Moredun', 'Ferniehill'], 1],
  ['EH18', 'Lasswade', 55.88, -3.122, ['Lasswade', 'Polton'], 1],
  ['EH19', 'Bonnyrigg', 55.872, -3.103, ['Bonnyrigg', 'Lasswade Road'], 1],
  ['EH20', 'Loanhead', 55.878, -3.148, ['Loanhead', 'Straiton', 'Bilston'], 1],
  ['EH21', 'Musselburgh', 55.942, -3.055, ['Musselburgh', 'Wallyford', 'Whitecraig'], 1.4, 'n'],
  ['EH22', 'Dalkeith', 55.89, -3.065, ['Dalkeith', 'Eskbank', 'Danderhall', 'Newtongrange'], 1.8],
  ['EH23', 'Gorebridge', 55.842, -3.045, ['Gorebridge', 'Arniston'], 1.2],
  ['EH24', 'Rosewell', 55.852, -3.135, ['Rosewell'], 0.8],
  ['EH25', 'Roslin', 55.857, -3.165, ['Roslin', 'Bush'], 0.9],
  ['EH26', 'Penicuik', 55.83, -3.222, ['Penicuik', 'Glencorse'], 1.4],
  ['EH27', 'Kirknewton', 55.888, -3.42, ['Kirknewton', 'Wilkieston'], 1.5],
  ['EH28', 'Newbridge', 55.935, -3.41, ['Newbridge', 'Ratho', 'Ingliston'], 1.5],
  ['EH29', 'Kirkliston', 55.955, -3.398, ['Kirkliston', 'Newliston'], 1],
  ['EH30', 'South Queensferry', 55.985, -3.39, ['South Queensferry', 'Dalmeny'], 1, 'n'],
  ['EH32', 'Prestonpans', 55.955, -2.975, ['Prestonpans', 'Cockenzie', 'Port Seton', 'Longniddry'], 1.6, 'n'],
  ['EH33', 'Tranent', 55.944, -2.955, ['Tranent', 'Elphinstone', 'Macmerry'], 1.4],
  ['EH41', 'Haddington', 55.956, -2.78, ['Haddington', 'Gifford'], 2],
  ['EH49', 'Linlithgow', 55.975, -3.6, ['Linlithgow', 'Philpstoun'], 1.8],
  ['EH52', 'Broxburn', 55.936, -3.47, ['Broxburn', 'Uphall', 'Winchburgh'], 1.5],
  ['EH53', 'Livingston', 55.89, -3.48, ['Mid Calder', 'East Calder', 'Pumpherston'], 1.5],
  ['EH54', 'Livingston', 55.886, -3.53, ['Livingston Village', 'Dedridge', 'Eliburn'], 1.8],

  // Cardiff, the Vale of Glamorgan and Newport
  ['CF10', 'Cardiff', 51.474, -3.172, ['City Centre', 'Butetown', 'Cardiff Bay'], 0.9, 's'],
  ['CF11', 'Cardiff', 51.475, -3.2, ['Canton', 'Pontcanna', 'Riverside', 'Grangetown'], 1],
  ['CF14', 'Cardiff', 51.52, -3.2, ['Whitchurch', 'Llandaff North', 'Rhiwbina', 'Heath'], 1.6],
  ['CF15', 'Cardiff', 51.54, -3.27, ['Radyr', 'Morganstown', 'Pentyrch', "Taff's Well"], 1.8],
  ['CF23', 'Cardiff', 51.513, -3.158, ['Cyncoed', 'Pentwyn', 'Penylan', 'Llanedeyrn'], 1.4],
  ['CF24', 'Cardiff', 51.487, -3.16, ['Roath', 'Adamsdown', 'Splott', 'Cathays'], 1],
  ['CF3', 'Cardiff', 51.52, -3.11, ['Rumney', 'St Mellons', 'Llanrumney', 'Old St Mellons'], 1.8, 's'],
  ['CF5', 'Cardiff', 51.483, -3.255, ['Llandaff', 'Fairwater', 'Danescourt', 'St Fagans'], 1.6],
  ['CF62', 'Barry', 51.405, -3.3, ['Barry Island', 'Rhoose', 'The Knap'], 2, 's'],
  ['CF63', 'Barry', 51.411, -3.25, ['Cadoxton', 'Palmerstown', 'Barry Docks'], 1.2, 's'],
  ['CF64', 'Penarth', 51.433, -3.19, ['Penarth', 'Dinas Powys', 'Llandough', 'Sully'], 1.8, 'se'],
  ['CF71', 'Cowbridge', 51.462, -3.448, ['Cowbridge', 'Llanblethian'], 1.8],
  ['CF72', 'Pontyclun', 51.53, -3.392, ['Llantrisant', 'Talbot Green', 'Pontyclun'], 1.8],
  ['CF37', 'Pontypridd', 51.602, -3.342, ['Treforest', 'Trallwng', 'Cilfynydd'], 1.6],
  ['CF38', 'Pontypridd', 51.567, -3.33, ['Beddau', 'Church Village', 'Llantwit Fardre'], 1.5],
  ['CF83', 'Caerphilly', 51.577, -3.22, ['Caerphilly', 'Bedwas', 'Llanbradach', 'Machen'], 1.8],
  ['NP10', 'Newport', 51.565, -3.065, ['Rogerstone', 'Duffryn', 'Bassaleg', 'Marshfield'], 1.8],
  ['NP18', 'Newport', 51.605, -2.955, ['Caerleon', 'Langstone', 'Penhow'], 2],
  ['NP19', 'Newport', 51.585, -2.965, ['Maindee', 'Beechwood', 'Liswerry'], 1.2],
  ['NP20', 'Newport', 51.587, -3.009, ['City Centre', 'Stow Hill', 'Allt-yr-yn', 'Crindau'], 1.2],
  ['NP44', 'Cwmbran', 51.65, -3.025, ['Croesyceiliog', 'Llantarnam', 'Pontnewydd'], 1.8],
];

export const postcodeDistricts: PostcodeDistrict[] = rows.map(
  ([outcode, postTown, lat, lng, localities, spreadKm, seaward]) => ({
    outcode,
    postTown,
    lat,
    lng,
    localities,
    spreadKm: spreadKm ?? 2,
    seaward: seaward ?? '',
  }),
);
